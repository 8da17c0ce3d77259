/** The headers a benchmarked route is called with: the owner's access token when it needs a sign-in. */
export function callerHeaders(auth: boolean, accessToken: string): Record<string, string> {
  return auth ? { authorization: `Bearer ${accessToken}` } : {};
}

/** One GET before measuring: null when it answers 200, else what it answered (status and body's start). */
export async function probeRoute(url: string, headers: Record<string, string>): Promise<string | null> {
  const probe = await fetch(url, { headers });
  if (probe.status === 200) {
    await probe.arrayBuffer();
    return null;
  }
  return `answered ${probe.status} (${(await probe.text()).slice(0, 200)})`;
}
