/** What the host's Hono apps know of a request beyond the Web Request: the client's socket address. */
export interface RequestEnv {
  ip: string;
}
