import { combinedPattern, mutedWordForm, tokensOf, wordMatcher } from './muted-words';

/** search_text as posts/post-text.ts computes it (content lowercased the Turkish way). */
const text = (content: string) => content.normalize('NFC').toLocaleLowerCase('tr-TR');
const hides = (word: string, content: string) => new RegExp(mutedWordForm(word)!.pattern, 'u').test(text(content));

describe('muted words', () => {
  it('match whole words with Turkish case rules', () => {
    expect(hides('İstanbul', 'Bugün ISTANBUL değil İstanbul')).toBe(true);
    expect(hides('İstanbul', "İstanbul'da yağmur")).toBe(true);
    expect(hides('istanbul', 'istanbullu olmak')).toBe(false);
    expect(hides('İstanbul', 'ISTANBUL')).toBe(false); // I → ı: another word
    expect(hides('ırmak', 'IRMAK taştı')).toBe(true);
    expect(hides('şeker', 'şekerli çay')).toBe(false);
    expect(hides('çay', 'şekerli çay.')).toBe(true);
  });

  it('a hashtag hides its tag only; a word hides the tag too', () => {
    expect(hides('#seçim', 'yarın #seçim var')).toBe(true);
    expect(hides('#seçim', 'yarın seçim var')).toBe(false);
    expect(hides('seçim', 'yarın #seçim var')).toBe(true);
  });

  it('escape regular-expression characters and join phrases over any spaces', () => {
    expect(hides('c++', 'c++ öğreniyorum')).toBe(true);
    expect(hides('c++', 'cc öğreniyorum')).toBe(false);
    expect(hides('a.b', 'axb')).toBe(false);
    expect(hides('kötü  haber', 'Çok KÖTÜ\nhaber geldi')).toBe(true);
  });

  it('refuse words with nothing to match', () => {
    expect(mutedWordForm('#')).toBeNull();
    expect(mutedWordForm('!!!')).toBeNull();
    expect(mutedWordForm(' Seçim ')).toMatchObject({ normalised: 'seçim', head: 'seçim' });
  });

  it('tokens find the head of every word a text could match', () => {
    expect(tokensOf("İstanbul'da #Seçim")).toEqual(['istanbul', 'da', '#seçim', 'seçim']);
    expect(combinedPattern([])).toBeNull();
    expect(new RegExp(combinedPattern([mutedWordForm('a')!.pattern, mutedWordForm('b')!.pattern])!, 'u').test('x b')).toBe(true);
  });

  it('one JavaScript matcher per combined pattern, for a page in memory, with words that hold ARE escapes', () => {
    const pattern = combinedPattern([mutedWordForm('e-posta')!.pattern, mutedWordForm('#Seçim')!.pattern]);
    const matcher = wordMatcher(pattern)!;
    expect(wordMatcher(pattern)).toBe(matcher);
    expect(matcher.test(text('Yeni E-POSTA geldi'))).toBe(true);
    expect(matcher.test(text('e-postalar geldi'))).toBe(false);
    expect(matcher.test(text('bugün #seçim var'))).toBe(true);
    expect(matcher.test(text('seçim günü'))).toBe(false);
    expect(wordMatcher(null)).toBeNull();
  });
});
