"""The built-in commands, one module each."""
