import { peopleQuery, searchKey } from './people-search';

describe('searchKey', () => {
  it('lowers with Turkish rules and folds the Turkish letters, as the server does', () => {
    expect(searchKey('İsmail Şahin')).toBe('ismail sahin');
    expect(searchKey('ISM')).toBe('ism');
    expect(searchKey('ısm')).toBe('ism');
    expect(searchKey('ÇAĞLA ÖZTÜRK')).toBe('cagla ozturk');
    // Decomposed input (i + combining dot) is composed first.
    expect(searchKey('I\u0307smail')).toBe(searchKey('İsmail'));
  });
});

describe('peopleQuery', () => {
  it('trims and drops a leading @', () => {
    expect(peopleQuery('  @ayse ')).toBe('ayse');
    expect(peopleQuery('@')).toBe('');
    expect(peopleQuery('a@b')).toBe('a@b');
  });
});
