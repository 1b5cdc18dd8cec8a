// The key two source URLs share when they name the same thing: scheme and host
// lower-cased, default port, fragment and trailing slash dropped.
export function urlKey(raw: string): string {
  try {
    const u = new URL(raw.trim());
    u.hash = '';
    u.hostname = u.hostname.toLowerCase().replace(/^www\./, '');
    let out = `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}${u.search}`;
    if (out.startsWith('https://')) out = 'http://' + out.slice('https://'.length);
    return out;
  } catch {
    return raw.trim().toLowerCase();
  }
}
