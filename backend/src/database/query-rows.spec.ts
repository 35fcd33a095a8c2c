import { QueryFailedError } from 'typeorm';
import { isDatabaseUnavailable } from './query-rows';

function withCode(code: string, message = 'x'): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['connect timeout', withCode('ETIMEDOUT')],
    ['host unreachable', withCode('EHOSTUNREACH')],
    ['SQLSTATE 08006 connection_failure', withCode('08006')],
    ['SQLSTATE 08P01 protocol_violation', withCode('08P01')],
    ['SQLSTATE 57P01 admin_shutdown', withCode('57P01', 'terminating connection due to administrator command')],
    ['SQLSTATE 57P02 crash_shutdown', withCode('57P02')],
    ['SQLSTATE 57P03 cannot_connect_now', withCode('57P03', 'the database system is starting up')],
    ['SQLSTATE 53300 too_many_connections', withCode('53300', 'sorry, too many clients already')],
    ['pg: connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['pg: connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pg: broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['pg-pool: waited too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['pg: handshake not answered (its own connectionTimeoutMillis)', new Error('timeout expired')],
    ['pg: statement not answered within query_timeout (a frozen server)', new Error('Query read timeout')],
    ['pg: a client ended after such a timeout', new Error('Client was closed and is not queryable')],
  ])('recognises %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('looks inside TypeORM, cause and AggregateError wrappers', () => {
    const wrapped = new QueryFailedError('SELECT 1', [], withCode('57P01'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    const dropped = new QueryFailedError('SELECT 1', [], new Error('Connection terminated unexpectedly'));
    expect(isDatabaseUnavailable(dropped)).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    // localhost resolving to ::1 and 127.0.0.1: Node reports both refusals together.
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a foreign key violation (wrapped)', new QueryFailedError('INSERT', [], withCode('23503'))],
    ['a statement timeout (a busy server, answered separately)', withCode('57014')],
    ['a syntax error', withCode('42601')],
    ['a plain error', new Error('boom')],
    ['an HTTP error', Object.assign(new Error('Not Found'), { status: 404 })],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('does not treat %s as an outage', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('stops on a cyclic cause', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });
});
