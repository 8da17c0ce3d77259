// One autocannon run in a process of its own, so the load generator never shares the server's event
// loop: the parent passes the run as JSON in argv[2] and reads the summary as JSON from stdout.
import autocannon from 'autocannon';

const { url, headers, connections, duration } = JSON.parse(process.argv[2]);
const result = await autocannon({ url, headers, connections, duration });
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    bytesPerRequest: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
  }),
);
