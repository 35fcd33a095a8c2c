import { RULES_LIMITS } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from '../users/user.entity';

describe('server rules (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: User;
  let auth: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    auth = await t.bearer(admin);
  });
  afterAll(async () => {
    await t.close();
  });

  const save = (rules: unknown) => t.http.put('/api/admin/rules').set('authorization', auth).send({ rules });
  const publicList = async () => (await t.http.get('/api/rules').expect(200)).body.rules as { id: string; position: number; text: string; hint: string | null }[];

  it('answers guests an empty list before any rule is written', async () => {
    await save([]).expect(200);
    expect(await t.http.get('/api/rules').expect(200).then((r) => r.body)).toEqual({ rules: [] });
  });

  it('adds, edits, reorders and deletes rules, keeping the id of every rule it keeps, and logs each save', async () => {
    const first = await save([{ text: '  Saygılı olun.  ', hint: 'Kişilere değil fikirlere itiraz edin.' }, { text: 'Spam yok.' }, { text: 'Yasa dışı içerik yok.', hint: '   ' }]).expect(200);
    expect(first.body.message).toBe('Sunucu kuralları kaydedildi.');
    const [a, b, c] = first.body.rules;
    expect(first.body.rules).toEqual([
      { id: expect.any(String), position: 1, text: 'Saygılı olun.', hint: 'Kişilere değil fikirlere itiraz edin.' },
      { id: expect.any(String), position: 2, text: 'Spam yok.', hint: null },
      { id: expect.any(String), position: 3, text: 'Yasa dışı içerik yok.', hint: null },
    ]);
    expect(await publicList()).toEqual(first.body.rules);

    // c moves first, b is rewritten, a is deleted, a new rule comes last.
    const second = await save([{ id: c.id, text: c.text }, { id: b.id, text: 'Spam ve reklam yok.' }, { text: 'Kimliğe bürünmek yasak.' }]).expect(200);
    expect(second.body.rules).toEqual([
      { id: c.id, position: 1, text: 'Yasa dışı içerik yok.', hint: null },
      { id: b.id, position: 2, text: 'Spam ve reklam yok.', hint: null },
      { id: expect.any(String), position: 3, text: 'Kimliğe bürünmek yasak.', hint: null },
    ]);
    expect([a.id, b.id, c.id]).not.toContain(second.body.rules[2].id);
    expect(await publicList()).toEqual(second.body.rules);

    const log = await t.http.get('/api/admin/audit?action=rules.update').set('authorization', auth).expect(200);
    const entry = log.body.entries[0];
    expect(entry).toMatchObject({
      actor: { id: admin.id, username: admin.username },
      action: 'rules.update',
      target: { type: 'rules', id: null, label: 'Sunucu kuralları' },
    });
    expect(entry.before.rules.map((r: { id: string }) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(entry.after.rules).toEqual(second.body.rules.map(({ id, text, hint }: { id: string; text: string; hint: string | null }) => ({ id, text, hint })));
  });

  it.each([
    ['no list', { rules: 'kural' }, 'Kurallar (rules) bir liste olmalıdır.'],
    ['an empty text', { rules: [{ text: '   ' }] }, 'Kural metni boş olamaz.'],
    ['no text', { rules: [{ hint: 'açıklama' }] }, 'Her kural, metni (text) olan bir nesne olmalıdır.'],
    ['a string for a rule', { rules: ['kural'] }, 'Her kural, metni (text) olan bir nesne olmalıdır.'],
    ['a text too long', { rules: [{ text: 'a'.repeat(RULES_LIMITS.textMaxLength + 1) }] }, `Kural metni en fazla ${RULES_LIMITS.textMaxLength} karakter olabilir.`],
    ['a hint too long', { rules: [{ text: 'Kural', hint: 'a'.repeat(RULES_LIMITS.hintMaxLength + 1) }] }, `Kural açıklaması en fazla ${RULES_LIMITS.hintMaxLength} karakterlik bir metin olmalıdır.`],
    ['too many rules', { rules: Array.from({ length: RULES_LIMITS.maxRules + 1 }, (_, i) => ({ text: `Kural ${i}` })) }, `En fazla ${RULES_LIMITS.maxRules} kural eklenebilir.`],
    ['a malformed id', { rules: [{ id: 'bir', text: 'Kural' }] }, 'Kural kimliği (id) geçerli bir kimlik olmalıdır.'],
    ['an unknown field', { rules: [{ text: 'Kural', order: 1 }] }, 'Bilinmeyen alan: order'],
  ])('refuses %s with a Turkish 400 and changes nothing', async (_name, body, message) => {
    const before = await publicList();
    const res = await t.http.put('/api/admin/rules').set('authorization', auth).send(body).expect(400);
    expect(res.body.message).toBe(message);
    expect(await publicList()).toEqual(before);
  });

  it('takes exactly the maximum number of rules', async () => {
    const res = await save(Array.from({ length: RULES_LIMITS.maxRules }, (_, i) => ({ text: `Kural ${i + 1}` }))).expect(200);
    expect(res.body.rules).toHaveLength(RULES_LIMITS.maxRules);
    expect(res.body.rules.at(-1)).toMatchObject({ position: RULES_LIMITS.maxRules, text: `Kural ${RULES_LIMITS.maxRules}` });
  });

  it('refuses the same rule twice, and a rule deleted meanwhile (409), changing nothing', async () => {
    const [kept] = (await save([{ text: 'Kalıcı kural' }]).expect(200)).body.rules;
    const twice = await save([{ id: kept.id, text: 'bir' }, { id: kept.id, text: 'iki' }]).expect(400);
    expect(twice.body.message).toBe('Aynı kural listede iki kez yer alamaz.');
    const gone = await save([{ id: kept.id, text: 'Kalıcı kural' }, { id: '00000000-0000-4000-8000-000000000000', text: 'Silinmiş kural' }]).expect(409);
    expect(gone.body.message).toBe('Listedeki kurallardan biri bu arada silinmiş. Lütfen sayfayı yenileyip yeniden deneyin.');
    expect(await publicList()).toEqual([{ id: kept.id, position: 1, text: 'Kalıcı kural', hint: null }]);
  });

  it('applies two saves at once one after the other, each whole', async () => {
    const results = await Promise.all([save([{ text: 'A1' }, { text: 'A2' }]), save([{ text: 'B1' }])]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    const texts = (await publicList()).map((r) => r.text);
    expect([['A1', 'A2'], ['B1']]).toContainEqual(texts);
  });
});
