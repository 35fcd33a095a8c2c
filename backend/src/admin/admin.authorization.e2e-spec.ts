import { createTestApp, type TestApp, uniqueName } from '../../test/test-app';

/**
 * Every back-office route × every kind of caller, from ONE table. The first test compares the
 * table with the routes Nest actually registered under /api/admin, so a new admin route that is
 * not added here fails the suite instead of going unchecked.
 */
type Caller = 'guest' | 'user' | 'moderator' | 'admin';
type Method = 'GET' | 'PATCH' | 'PUT' | 'POST' | 'DELETE';

interface AdminRoute {
  method: Method;
  /** As the OpenAPI document writes it. */
  path: string;
  /** The request to send: a fresh target where the route needs one (so each call can succeed). */
  request?: (t: TestApp) => Promise<{ url: string; body?: object }>;
  expected: Record<Caller, number>;
}

/** A member's fresh warning (by an admin) and the member's appeal of it: the appeal's id. */
async function pendingAppeal(t: TestApp): Promise<string> {
  const [admin, member] = [await t.createUser({ role: 'admin' }), await t.createUser()];
  const made = await t.http.post(`/api/admin/users/${member.id}/actions`).set('authorization', await t.bearer(admin)).send({ kind: 'warn', reason: 'İtiraz edilecek.' }).expect(201);
  const appeal = await t.http.post(`/api/moderation/notices/${made.body.action.id}/appeal`).set('authorization', await t.bearer(member)).send({ text: 'Yanlış.' }).expect(201);
  return appeal.body.appeal.id as string;
}

const STAFF: Record<Caller, number> = { guest: 401, user: 403, moderator: 200, admin: 200 };
const STAFF_CREATED: Record<Caller, number> = { guest: 401, user: 403, moderator: 201, admin: 201 };
const ADMINS_ONLY: Record<Caller, number> = { guest: 401, user: 403, moderator: 403, admin: 200 };

/** A fresh open report case (a member's report of another member's post): its id. */
async function newCase(t: TestApp): Promise<string> {
  const post = await t.createPost(await t.createUser(), 'bildirilen gönderi');
  await t.http.post('/api/reports').set('authorization', await t.bearer(await t.createUser())).send({ targetType: 'post', targetId: post.id, category: 'spam' }).expect(201);
  const [row] = await t.db.query('SELECT id FROM report_cases WHERE target_id = $1', [post.id]);
  return row.id;
}

/** An account waiting for approval, as a registration under `approval` leaves it. */
async function pendingAccount(t: TestApp) {
  const user = await t.createUser();
  await t.db.query(`UPDATE users SET approval = 'pending', is_active = false WHERE id = $1`, [user.id]);
  return user;
}

const ROUTES: AdminRoute[] = [
  { method: 'GET', path: '/api/admin/dashboard', expected: STAFF },
  { method: 'GET', path: '/api/admin/users', expected: STAFF },
  {
    method: 'PATCH',
    path: '/api/admin/users/{id}',
    request: async (t) => ({ url: `/api/admin/users/${(await t.createUser()).id}`, body: { isVerified: true } }),
    expected: STAFF,
  },
  { method: 'GET', path: '/api/admin/posts', expected: STAFF },
  {
    method: 'PATCH',
    path: '/api/admin/posts/{id}',
    request: async (t) => ({ url: `/api/admin/posts/${(await t.createPost(await t.createUser(), 'hassas gönderi')).id}`, body: { sensitive: true } }),
    expected: STAFF,
  },
  {
    method: 'DELETE',
    path: '/api/admin/posts/{id}',
    request: async (t) => ({ url: `/api/admin/posts/${(await t.createPost(await t.createUser(), 'silinecek gönderi')).id}` }),
    expected: STAFF,
  },
  { method: 'GET', path: '/api/admin/reports', expected: STAFF },
  { method: 'GET', path: '/api/admin/reports/open-count', expected: STAFF },
  { method: 'GET', path: '/api/admin/reports/{id}', request: async (t) => ({ url: `/api/admin/reports/${await newCase(t)}` }), expected: STAFF },
  { method: 'POST', path: '/api/admin/reports/{id}/assign', request: async (t) => ({ url: `/api/admin/reports/${await newCase(t)}/assign`, body: {} }), expected: STAFF },
  {
    method: 'POST',
    path: '/api/admin/reports/{id}/notes',
    request: async (t) => ({ url: `/api/admin/reports/${await newCase(t)}/notes`, body: { body: 'özel not' } }),
    expected: STAFF,
  },
  {
    method: 'GET',
    path: '/api/admin/users/{id}/actions',
    request: async (t) => ({ url: `/api/admin/users/${(await t.createUser()).id}/actions` }),
    expected: STAFF,
  },
  {
    method: 'POST',
    path: '/api/admin/reports/{id}/resolve',
    request: async (t) => ({ url: `/api/admin/reports/${await newCase(t)}/resolve`, body: { action: 'dismiss' } }),
    expected: STAFF,
  },
  {
    method: 'POST',
    path: '/api/admin/users/{id}/actions',
    request: async (t) => ({ url: `/api/admin/users/${(await t.createUser()).id}/actions`, body: { kind: 'warn', reason: 'Kurallara uyun.' } }),
    expected: STAFF_CREATED,
  },
  {
    method: 'POST',
    path: '/api/admin/actions/{id}/undo',
    request: async (t) => {
      const [admin, member] = [await t.createUser({ role: 'admin' }), await t.createUser()];
      const made = await t.http.post(`/api/admin/users/${member.id}/actions`).set('authorization', await t.bearer(admin)).send({ kind: 'warn', reason: 'Geri alınacak.' }).expect(201);
      return { url: `/api/admin/actions/${made.body.action.id}/undo` };
    },
    expected: STAFF,
  },
  { method: 'GET', path: '/api/admin/appeals', expected: STAFF },
  ...(['accept', 'reject'] as const).map(
    (verdict): AdminRoute => ({
      method: 'POST',
      path: `/api/admin/appeals/{id}/${verdict}`,
      request: async (t) => ({ url: `/api/admin/appeals/${await pendingAppeal(t)}/${verdict}`, body: {} }),
      expected: STAFF,
    }),
  ),
  { method: 'GET', path: '/api/admin/settings', expected: ADMINS_ONLY },
  { method: 'GET', path: '/api/admin/audit', expected: ADMINS_ONLY },
  { method: 'PATCH', path: '/api/admin/settings', request: async () => ({ url: '/api/admin/settings', body: { maxTweetLength: 280 } }), expected: ADMINS_ONLY },
  { method: 'GET', path: '/api/admin/registrations', expected: STAFF },
  {
    method: 'POST',
    path: '/api/admin/registrations/{id}/approve',
    request: async (t) => ({ url: `/api/admin/registrations/${(await pendingAccount(t)).id}/approve` }),
    expected: STAFF,
  },
  {
    method: 'POST',
    path: '/api/admin/registrations/{id}/reject',
    request: async (t) => ({ url: `/api/admin/registrations/${(await pendingAccount(t)).id}/reject` }),
    expected: STAFF,
  },
  { method: 'GET', path: '/api/admin/trends/hidden', expected: STAFF },
  { method: 'PUT', path: '/api/admin/trends/hidden/{tag}', request: async () => ({ url: `/api/admin/trends/hidden/${uniqueName('etiket')}` }), expected: STAFF },
  {
    method: 'DELETE',
    path: '/api/admin/trends/hidden/{tag}',
    request: async (t) => {
      const tag = uniqueName('etiket').toLowerCase();
      await t.db.query('INSERT INTO hidden_hashtags (tag) VALUES ($1)', [tag]);
      return { url: `/api/admin/trends/hidden/${tag}` };
    },
    expected: STAFF,
  },
  { method: 'PUT', path: '/api/admin/rules', request: async () => ({ url: '/api/admin/rules', body: { rules: [{ text: 'Saygılı olun.' }] } }), expected: ADMINS_ONLY },
];

const CALLERS: Caller[] = ['guest', 'user', 'moderator', 'admin'];
const MESSAGES: Record<number, string> = {
  401: 'Oturumunuz geçersiz ya da süresi dolmuş. Lütfen tekrar giriş yapın.',
  403: 'Bu işlem için yetkiniz yok.',
};

describe('back-office authorization matrix (real PostgreSQL)', () => {
  let t: TestApp;
  const tokens: Partial<Record<Caller, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['user', 'moderator', 'admin'] as const) tokens[role] = await t.tokenFor(await t.createUser({ role }));
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every route registered under /api/admin, and only those', async () => {
    const table = ROUTES.map((r) => `${r.method} ${r.path}`).sort();

    const openapi = await t.http.get('/api/docs/openapi.json').expect(200);
    const documented = Object.entries(openapi.body.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(table);

    // The Express router too, which also holds routes hidden from the OpenAPI document.
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    const registered = router.stack
      .flatMap((layer) => (layer.route ? [layer.route] : []))
      .filter((route) => route.path.startsWith('/api/admin'))
      .flatMap((route) => Object.keys(route.methods).map((m) => `${m.toUpperCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`))
      .filter((entry) => !entry.startsWith('HEAD '))
      .sort();
    expect(registered).toEqual(table);
  });

  const cases = ROUTES.flatMap((route) => CALLERS.map((caller) => [`${route.method} ${route.path}`, caller, route.expected[caller], route] as const));

  it.each(cases)('%s as %s → %i', async (_name, caller, status, route) => {
    const { url, body } = route.request ? await route.request(t) : { url: route.path, body: undefined };
    const method = route.method.toLowerCase() as 'get' | 'patch' | 'put' | 'post' | 'delete';
    let req = t.http[method](url);
    if (caller !== 'guest') req = req.set('authorization', `Bearer ${tokens[caller]}`);
    const res = await (body ? req.send(body) : req);
    expect({ caller, status: res.status }).toEqual({ caller, status });
    if (MESSAGES[status]) expect(res.body).toEqual({ message: MESSAGES[status], statusCode: status });
  });

  it('changes nothing when the caller is refused', async () => {
    const member = await t.createUser();
    const post = await t.createPost(member, 'kalacak gönderi');
    const caseId = await newCase(t);
    for (const caller of ['guest', 'user'] as const) {
      const auth = (req: ReturnType<TestApp['http']['get']>) => (caller === 'guest' ? req : req.set('authorization', `Bearer ${tokens[caller]}`));
      await auth(t.http.patch(`/api/admin/users/${member.id}`)).send({ isActive: false }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.patch(`/api/admin/posts/${post.id}`)).send({ sensitive: true }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.delete(`/api/admin/posts/${post.id}`)).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.patch('/api/admin/settings')).send({ maintenanceMode: true }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.post(`/api/admin/reports/${caseId}/resolve`)).send({ action: 'delete_post' }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.post(`/api/admin/reports/${caseId}/assign`)).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.post(`/api/admin/reports/${caseId}/notes`)).send({ body: 'not' }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.put('/api/admin/rules')).send({ rules: [{ text: 'Yetkisiz kural' }] }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.post(`/api/admin/users/${member.id}/actions`)).send({ kind: 'suspend', reason: 'Yetkisiz deneme.' }).expect(caller === 'guest' ? 401 : 403);
      await auth(t.http.post(`/api/admin/users/${member.id}/actions`)).send({ kind: 'limit', reason: 'Yetkisiz deneme.' }).expect(caller === 'guest' ? 401 : 403);
    }
    expect(await t.db.query('SELECT status, assignee_id FROM report_cases WHERE id = $1', [caseId])).toEqual([{ status: 'open', assignee_id: null }]);
    expect(await t.db.query('SELECT 1 FROM report_notes WHERE case_id = $1', [caseId])).toEqual([]);
    await t.http.put('/api/admin/rules').set('authorization', `Bearer ${tokens.moderator}`).send({ rules: [{ text: 'Yetkisiz kural' }] }).expect(403);
    expect(await t.db.query(`SELECT 1 FROM server_rules WHERE text = 'Yetkisiz kural'`)).toEqual([]);
    for (const caller of ['guest', 'user'] as const) {
      const req = t.http.put('/api/admin/trends/hidden/yetkisiz');
      await (caller === 'guest' ? req : req.set('authorization', `Bearer ${tokens[caller]}`)).expect(caller === 'guest' ? 401 : 403);
    }
    expect(await t.db.query(`SELECT 1 FROM hidden_hashtags WHERE tag = 'yetkisiz'`)).toEqual([]);
    expect(await t.db.query('SELECT 1 FROM account_actions WHERE target_id = $1', [member.id])).toEqual([]);
    const moderatorPatch = await t.http.patch('/api/admin/settings').set('authorization', `Bearer ${tokens.moderator}`).send({ maintenanceMode: true }).expect(403);
    expect(moderatorPatch.body.message).toBe('Bu işlem için yetkiniz yok.');
    const [row] = await t.db.query('SELECT is_active, limited FROM users WHERE id = $1', [member.id]);
    expect(row).toEqual({ is_active: true, limited: false });
    expect(await t.db.query('SELECT sensitive FROM posts WHERE id = $1', [post.id])).toEqual([{ sensitive: false }]);
    const [settings] = await t.db.query('SELECT maintenance_mode FROM settings');
    expect(settings.maintenance_mode).toBe(false);
    // Nor is anything logged: refused calls are no staff actions (admin-audit.e2e-spec.ts).
    expect(await t.db.query('SELECT 1 FROM audit_log WHERE target_id = ANY($1::uuid[])', [[member.id, post.id]])).toEqual([]);
  });

  // Sessions are cached per node for seconds (SessionCache); a change made through the app drops
  // the cached row at once, so these go through the back-office API as a real change would.
  it('refuses a deactivated staff account like a guest (its token is no longer valid)', async () => {
    const [admin, other] = [await t.createUser({ role: 'admin' }), await t.createUser({ role: 'admin' })];
    const token = await t.tokenFor(admin);
    await t.http.get('/api/admin/dashboard').set('authorization', `Bearer ${token}`).expect(200);
    await t.http.patch(`/api/admin/users/${admin.id}`).set('authorization', `Bearer ${await t.tokenFor(other)}`).send({ isActive: false }).expect(200);
    await t.http.get('/api/admin/dashboard').set('authorization', `Bearer ${token}`).expect(401);
  });

  it('answers a demoted admin with 403 at once (the role is read again after every change)', async () => {
    const [admin, other] = [await t.createUser({ role: 'admin' }), await t.createUser({ role: 'admin' })];
    const token = await t.tokenFor(admin);
    await t.http.get('/api/admin/settings').set('authorization', `Bearer ${token}`).expect(200);
    await t.http.patch(`/api/admin/users/${admin.id}`).set('authorization', `Bearer ${await t.tokenFor(other)}`).send({ role: 'user' }).expect(200);
    await t.http.get('/api/admin/settings').set('authorization', `Bearer ${token}`).expect(403);
    await t.http.get('/api/admin/dashboard').set('authorization', `Bearer ${token}`).expect(403);
  });
});
