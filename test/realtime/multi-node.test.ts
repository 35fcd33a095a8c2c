import { noClusterRedis, startCluster } from './cluster';
import { twoNodeConformance } from './two-node-conformance';

/**
 * Two backend processes on two ports, sharing one PostgreSQL and one Redis (the classic
 * adapter: PUBLISH/PSUBSCRIBE). The assertions are shared with the Redis Cluster's test.
 */
const skip = await noClusterRedis();

(skip ? describe.skip : describe)('two nodes sharing PostgreSQL and Redis', () => twoNodeConformance(() => startCluster(2), 'classic'));
