/** 503 of /api/health/ready while REDIS_URL is set and Redis does not answer (the database's outage has its own text in common.texts.ts). */
export const REDIS_UNAVAILABLE = "Redis'e şu anda ulaşılamıyor. Lütfen biraz sonra tekrar deneyin.";
