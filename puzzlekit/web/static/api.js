// The JSON API (docs/play.md): one POST or GET, its error as an Error with the server's words.
export async function api(path, body, signal) {
  const init = body === undefined ? {signal} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body), signal,
  };
  const response = await fetch(path, init);
  const data = await response.json().catch(() => ({error: `the server answered ${response.status}`}));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

export const $ = (id) => document.getElementById(id);
