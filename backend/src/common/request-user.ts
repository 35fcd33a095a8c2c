/**
 * What the shared guards and decorators need to know of the signed-in user on `req.user`. The
 * users module's SessionUser fills it; common/ names only this much so it never imports a feature.
 */
export interface RequestUser {
  id: string;
  role: string;
}
