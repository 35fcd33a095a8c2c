/** 401 of /api/metrics when METRICS_TOKEN is set and the request does not carry it. */
export const METRICS_UNAUTHORIZED = 'Ölçümlere erişmek için geçerli bir erişim anahtarı gerekir (Authorization: Bearer).';
