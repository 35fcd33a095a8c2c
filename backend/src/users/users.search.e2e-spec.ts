import { USER_SEARCH_DEFAULT_LIMIT, USER_SEARCH_MAX_LIMIT } from '@gundem/contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { User } from './user.entity';

describe('GET /api/users/search (real PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const bearer = async (user: Pick<User, 'id'>) => `Bearer ${await t.tokenFor(user)}`;
  const search = async (q: string, options: { limit?: number; viewer?: Pick<User, 'id'> } = {}) => {
    const req = t.http.get(`/api/users/search?q=${encodeURIComponent(q)}${options.limit ? `&limit=${options.limit}` : ''}`);
    if (options.viewer) req.set('authorization', await bearer(options.viewer));
    const res = await req.expect(200);
    return res.body.users as { id: string; username: string; displayName: string; isFollowing: boolean; bio: string }[];
  };
  const usernames = async (q: string, limit?: number) => (await search(q, { limit })).map((u) => u.username);

  it('finds a username prefix in any case, a leading @ dropped, with the user summary', async () => {
    const ayse = await t.createUser({ username: 'kpAyseKaya', displayName: 'Ayşe Kaya', bio: 'Merhaba' });
    await t.createUser({ username: 'kpAyten', displayName: 'Ayten Demir' });
    await t.createUser({ username: 'kpBora', displayName: 'Bora Tan' });
    expect(await usernames('kpay')).toEqual(['kpAyseKaya', 'kpAyten']);
    expect(await usernames('@KPAY')).toEqual(['kpAyseKaya', 'kpAyten']);
    expect(await usernames('  kpAYS  ')).toEqual(['kpAyseKaya']);
    const [row] = await search('kpayse');
    expect(row).toEqual({
      _id: ayse.id,
      id: ayse.id,
      username: 'kpAyseKaya',
      displayName: 'Ayşe Kaya',
      isVerified: false,
      profileImage: null,
      bio: 'Merhaba',
      isFollowing: false,
      protected: false,
      followRequested: false,
    });
  });

  it('finds a display-name prefix with Turkish case rules: İsmail by ism, ISM, İSM and ısm', async () => {
    await t.createUser({ username: 'dn_one', displayName: 'İsmail Şahin' });
    await t.createUser({ username: 'dn_two', displayName: 'ISIK Çelik' });
    await t.createUser({ username: 'dn_three', displayName: 'Işıl Öztürk' });
    await t.createUser({ username: 'dn_four', displayName: 'Şule Güneş' });
    for (const q of ['ism', 'ISM', 'İSM', 'İsm', 'ısm', 'ismail ş', 'İSMAİL ŞAH', 'ismail s']) {
      expect([q, await usernames(q)]).toEqual([q, ['dn_one']]);
    }
    // Dotted and dotless i fold together, as do ş/s, ç/c, ö/o, ğ/g, ü/u.
    expect(await usernames('işı')).toEqual(['dn_three', 'dn_two']);
    expect(await usernames('ISI')).toEqual(['dn_three', 'dn_two']);
    expect(await usernames('ışık çe')).toEqual(['dn_two']);
    expect(await usernames('sule gunes')).toEqual(['dn_four']);
    expect(await usernames('ŞULE')).toEqual(['dn_four']);
    // A later word of the name is found too (its own describe below); inside a word is not.
    expect(await usernames('şahin')).toEqual(['dn_one']);
    expect(await usernames('ahin')).toEqual([]);
    // LIKE's wildcards and a backslash are plain characters of a range, never patterns.
    expect(await usernames('%')).toEqual([]);
    expect(await usernames('_')).toEqual([]);
    expect(await usernames('\\')).toEqual([]);
  });

  describe('by any word of the display name', () => {
    it('finds a middle or last word, by its start, in any Turkish case, and a run of words from there', async () => {
      await t.createUser({ username: 'aw_ayse', displayName: 'Ayşe Nur Yılmaz' });
      await t.createUser({ username: 'aw_ilkay', displayName: 'Kerem İlkay Işıksoy' });
      await t.createUser({ username: 'aw_other', displayName: 'Zeki Müren' });
      // The last word, the middle word; Turkish case and letters folded as in the prefix search.
      for (const q of ['Yılmaz', 'yılmaz', 'YILMAZ', 'yilmaz', 'yıl', 'Nur', 'NUR Y', 'nur yılm']) {
        expect([q, await usernames(q)]).toEqual([q, ['aw_ayse']]);
      }
      for (const q of ['İlkay', 'ILKAY', 'ılkay', 'ilk', 'ışıks', 'IŞIKSOY', 'isiksoy', 'ilkay ış']) {
        expect([q, await usernames(q)]).toEqual([q, ['aw_ilkay']]);
      }
      // The start of a word, not its inside nor across a word boundary out of order.
      expect(await usernames('ılmaz')).toEqual([]);
      expect(await usernames('lkay')).toEqual([]);
      expect(await usernames('yılmaz nur')).toEqual([]);
      // LIKE's wildcards are plain characters here too.
      expect(await usernames('n%')).toEqual([]);
    });

    it('lists display names by their start before those by a later word, and each person once', async () => {
      await t.createUser({ username: 'ow_b', displayName: 'Derya Ozan' });
      await t.createUser({ username: 'ow_a', displayName: 'Ozan Ozansoy' });
      await t.createUser({ username: 'ow_c', displayName: 'Ali Ozan Ozdemir' });
      expect(await usernames('ozan')).toEqual(['ow_a', 'ow_b', 'ow_c']);
    });

    it('follows a renamed account and hides a deactivated one', async () => {
      const renamed = await t.createUser({ username: 'rw_renamed', displayName: 'Eski Soyad' });
      await t.createUser({ username: 'rw_hidden', displayName: 'Gizli Soyad', isActive: false });
      expect(await usernames('soyad')).toEqual(['rw_renamed']);
      await t.db.query(`UPDATE users SET display_name = 'Yeni Tanımlı' WHERE id = $1`, [renamed.id]);
      expect(await usernames('soyad')).toEqual([]);
      expect(await usernames('TANIMLI')).toEqual(['rw_renamed']);
    });
  });

  it('puts the exact username first, then username matches, then display-name matches, each person once', async () => {
    await t.createUser({ username: 'ordzed', displayName: 'Ordu Zed' });
    await t.createUser({ username: 'ord', displayName: 'Zeynep' });
    await t.createUser({ username: 'ordabc', displayName: 'Ordabc Aynı' });
    await t.createUser({ username: 'xyz_ordu', displayName: 'Ordinaryüs' });
    expect(await usernames('ord')).toEqual(['ord', 'ordabc', 'ordzed', 'xyz_ordu']);
  });

  it('hides deactivated accounts', async () => {
    await t.createUser({ username: 'gizli_acik', displayName: 'Gizem Açık' });
    await t.createUser({ username: 'gizli_kapali', displayName: 'Gizem Kapalı', isActive: false });
    expect(await usernames('gizli')).toEqual(['gizli_acik']);
    expect(await usernames('gizem')).toEqual(['gizli_acik']);
  });

  it('answers at most `limit` people, USER_SEARCH_DEFAULT_LIMIT without one', async () => {
    for (let i = 0; i < USER_SEARCH_DEFAULT_LIMIT + 3; i++) await t.createUser({ username: `lim_${i}`, displayName: `Limon ${i}` });
    expect(await usernames('lim')).toHaveLength(USER_SEARCH_DEFAULT_LIMIT);
    expect(await usernames('lim', 2)).toEqual(['lim_0', 'lim_1']);
    expect(await usernames('limon', USER_SEARCH_MAX_LIMIT)).toHaveLength(USER_SEARCH_DEFAULT_LIMIT + 3);
  });

  it('tells a member whom they follow; a guest and the member themself read false', async () => {
    const me = await t.createUser({ username: 'fol_me', displayName: 'Takipçi' });
    const a = await t.createUser({ username: 'fol_a', displayName: 'Fatma' });
    await t.createUser({ username: 'fol_b', displayName: 'Faruk' });
    await t.http.put(`/api/users/${a.id}/follow`).set('authorization', await bearer(me)).expect(200);
    const mine = await search('fol_', { viewer: me });
    expect(mine.map((u) => [u.username, u.isFollowing])).toEqual([
      ['fol_a', true],
      ['fol_b', false],
      ['fol_me', false],
    ]);
    expect((await search('fol_')).map((u) => u.isFollowing)).toEqual([false, false, false]);
  });

  it('refuses bad input with a Turkish 400', async () => {
    const cases: [string, string][] = [
      ['/api/users/search', 'Arama metni gerekli.'],
      ['/api/users/search?q=', 'Arama metni gerekli.'],
      ['/api/users/search?q=%20%20', 'Arama metni gerekli.'],
      ['/api/users/search?q=%40', 'Arama metni gerekli.'],
      ['/api/users/search?q=a&q=b', 'Arama metni gerekli.'],
      [`/api/users/search?q=${'a'.repeat(101)}`, 'Arama metni en fazla 100 karakter olabilir.'],
      [`/api/users/search?q=${encodeURIComponent('ş'.repeat(101))}`, 'Arama metni en fazla 100 karakter olabilir.'],
      ['/api/users/search?q=a&limit=0', `limit 1 ile ${USER_SEARCH_MAX_LIMIT} arasında olmalıdır.`],
      [`/api/users/search?q=a&limit=${USER_SEARCH_MAX_LIMIT + 1}`, `limit 1 ile ${USER_SEARCH_MAX_LIMIT} arasında olmalıdır.`],
      ['/api/users/search?q=a&limit=iki', `limit 1 ile ${USER_SEARCH_MAX_LIMIT} arasında olmalıdır.`],
    ];
    for (const [path, message] of cases) {
      const res = await t.http.get(path);
      expect([path, res.status, res.body.message]).toEqual([path, 400, message]);
    }
    // Exactly 100 characters is still a search.
    await t.http.get(`/api/users/search?q=${encodeURIComponent('ş'.repeat(100))}`).expect(200);
  });

  describe('at a seeded size', () => {
    const SEEDED = 20_000;
    beforeAll(async () => {
      await t.fill(async (fill) => {
        // Display names of Turkish first names and numbers; every 50th account deactivated.
        await fill.query(
          `INSERT INTO users (username, display_name, email, password_hash, is_active)
           SELECT 'seed' || n, (ARRAY['Ayşe', 'Mehmet', 'İsmail', 'Şule', 'Çağla', 'Oğuz', 'Ümit', 'Işıl'])[1 + n % 8] || ' Üye ' || n,
                  'seed' || n || '@test.gundem', 'x', n % 50 <> 0
             FROM generate_series(1, $1::int) AS n`,
          [SEEDED],
        );
        await fill.query('VACUUM ANALYZE users');
      });
    }, 120_000);

    /** The statements a search sends, each EXPLAINed with its own parameters. */
    const plansOf = async (path: string) => (await t.plansOf(path)).map((p) => p.plan);

    it.each([
      ['one letter', 's', true],
      ['a username', 'seed123', true],
      ['a Turkish display name in capitals', 'İSMAİL', true],
      // No username holds a space: that branch is cut at planning (One-Time Filter: false).
      ['a display name with a space', 'şule üye 1', false],
      ['nothing matches', 'zzzz', true],
      ['a later word of the names', 'üye', true],
      ['a later word in capitals', 'ÜYE 12', false],
    ])('%s: the prefix indexes, no sequential scan of users', async (_name, q, usernameBranch) => {
      const plans = await plansOf(`/api/users/search?q=${encodeURIComponent(q)}&limit=${USER_SEARCH_MAX_LIMIT}`);
      expect(plans).toHaveLength(1);
      if (usernameBranch) expect(plans[0]).toMatch(/Index (Only )?Scan using idx_users_username_prefix on users/);
      else expect(plans[0]).toMatch(/One-Time Filter: false/);
      expect(plans[0]).toMatch(/Index Scan using idx_users_display_name_prefix on users/);
      // Later words: a range of their index, each account then found by its key.
      expect(plans[0]).toMatch(/Index Scan using idx_user_name_words_rest on user_name_words/);
      expect(plans[0]).not.toMatch(/Seq Scan on (users|user_name_words)/);
    });

    it('finds the seeded accounts by a later word, as many as asked, deactivated ones left out', async () => {
      const rows = await search('ÜYE 77', { limit: USER_SEARCH_MAX_LIMIT });
      // `… Üye n`: the rest `uye n`, in the order of the numbers as strings.
      const expected = Array.from({ length: SEEDED }, (_, i) => i + 1)
        .filter((n) => n % 50 !== 0 && String(n).startsWith('77'))
        .map(String)
        .sort()
        .slice(0, USER_SEARCH_MAX_LIMIT);
      expect(rows.map((u) => u.displayName.split(' ').pop())).toEqual(expected);
    });

    it('answers the right people among many, first by the folded name', async () => {
      const rows = await search('ismail üye 12', { limit: USER_SEARCH_MAX_LIMIT });
      // İsmail is name 1 + n % 8 = 3 (n % 8 = 2); every 50th account is deactivated. The folded
      // names differ only in the number, so their order is the numbers' as strings.
      const expected = Array.from({ length: SEEDED }, (_, i) => i + 1)
        .filter((n) => n % 8 === 2 && n % 50 !== 0 && String(n).startsWith('12'))
        .map(String)
        .sort()
        .slice(0, USER_SEARCH_MAX_LIMIT)
        .map((n) => `İsmail Üye ${n}`);
      expect(rows.map((u) => u.displayName)).toEqual(expected);
      // seed1200 and seed12000 are deactivated.
      expect(await usernames('SEED1200')).toEqual(['seed12001', 'seed12002', 'seed12003', 'seed12004', 'seed12005']);
    });
  });
});
