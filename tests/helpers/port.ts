/**
 * A port for a test's own server, picked at random in [from, from + span) so parallel files rarely meet, and never
 * one of the ports fetch refuses to reach ("bad port": https://fetch.spec.whatwg.org/#port-blocking). main.test
 * once drew 3659 and its first fetch failed.
 */
const BLOCKED = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

export function testPort(from: number, span: number): number {
  for (;;) {
    const port = from + Math.floor(Math.random() * span);
    if (!BLOCKED.has(port)) return port;
  }
}
