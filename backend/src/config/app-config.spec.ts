import { ConfigError, loadConfig } from './app-config';

describe('loadConfig: the database timeouts', () => {
  const problems = (env: NodeJS.ProcessEnv): string[] => {
    try {
      loadConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('bounds the wait for a connection and for an answer by default, the answer just past the statement timeout', () => {
    expect(loadConfig({})).toMatchObject({ statementTimeoutMs: 5000, connectTimeoutMs: 5000, queryTimeoutMs: 6000 });
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '20000' })).toMatchObject({ queryTimeoutMs: 21000 });
    // No statement timeout: statements may run long on purpose, and the client does not cut them.
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({ queryTimeoutMs: 0 });
  });

  it('takes explicit values, 0 turning a bound off', () => {
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '2000', DB_QUERY_TIMEOUT_MS: '9000' })).toMatchObject({ connectTimeoutMs: 2000, queryTimeoutMs: 9000 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_MS: '0', DB_QUERY_TIMEOUT_MS: '0' })).toMatchObject({ connectTimeoutMs: 0, queryTimeoutMs: 0 });
  });

  it('refuses a client-side bound that would cut statements PostgreSQL still lets run, and non-numbers', () => {
    expect(problems({ DB_QUERY_TIMEOUT_MS: '5000' })).toEqual([expect.stringContaining("DB_QUERY_TIMEOUT_MS 0 ya da DB_STATEMENT_TIMEOUT_MS'ten (5000) büyük olmalı")]);
    expect(problems({ DB_CONNECT_TIMEOUT_MS: 'beş' })).toEqual([expect.stringContaining('DB_CONNECT_TIMEOUT_MS 0 ya da daha büyük bir tam sayı olmalı')]);
    expect(problems({ DB_QUERY_TIMEOUT_MS: '-1' })).toEqual([expect.stringContaining('DB_QUERY_TIMEOUT_MS 0 ya da daha büyük bir tam sayı olmalı')]);
  });
});
