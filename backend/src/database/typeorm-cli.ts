import { DataSource } from 'typeorm';
import { loadConfig } from '../config/app-config';
import { dataSourceOptions } from './data-source';

/**
 * For the TypeORM CLI: `typeorm migration:run -d backend/dist/database/typeorm-cli.js`. A file of
 * its own because it reads the configuration when imported; the server and the CLI tools import
 * data-source.ts, which reads nothing, and report a bad configuration their own way.
 */
export default new DataSource(dataSourceOptions(loadConfig().databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres'));
