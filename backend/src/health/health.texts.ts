/** 503 of /api/health/ready while REDIS_URL is set and Redis does not answer (the database's outage has its own text in common.texts.ts). */
export const REDIS_UNAVAILABLE = "Redis'e şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.";

/** `details.database.message` while the database does not answer: what failed (a refused connection, a timeout) goes to the server's log only. */
export const DATABASE_DOWN = 'Veritabanı yanıt vermiyor.';
/** `details.redis.message` while Redis is configured and does not answer (the cause only in the server's log). */
export const REDIS_DOWN = 'Redis yanıt vermiyor.';
