import { charCount, extractHashtags, extractLinks, extractMentions, likePattern, searchTextOf, turkishLower } from './post-text';

describe('post text rules', () => {
  describe('extractMentions', () => {
    it('takes @username as registration allows it, lowercased, distinct, in order', () => {
      expect(extractMentions('@Ayse ve @bora_12, sonra yine @AYSE! (@can_)', 10)).toEqual(['ayse', 'bora_12', 'can_']);
    });

    it('ignores e-mail addresses, URLs, too short or too long names and names running on into other letters', () => {
      const long = 'a'.repeat(31);
      expect(extractMentions(`ayse@ornek.com https://x.tr/@kanal @ab @${long} @ayşe @ahmet_çelik.`, 10)).toEqual([]);
    });

    it('stops at the limit', () => {
      expect(extractMentions('@aaa @bbb @ccc @ddd', 2)).toEqual(['aaa', 'bbb']);
    });
  });

  describe('extractHashtags', () => {
    it('keeps Turkish letters and lowercases with Turkish rules, without #', () => {
      expect(extractHashtags('#Gündem #İSTANBUL #IŞIK #Çığ #ÖĞRENCİ #şüphe')).toEqual(['gündem', 'istanbul', 'ışık', 'çığ', 'öğrenci', 'şüphe']);
    });

    it('takes letters, digits and underscore, and stops at anything else', () => {
      expect(extractHashtags('#yazılım_2025! #web3, #a-b (#ankara) #1')).toEqual(['yazılım_2025', 'web3', 'a', 'ankara', '1']);
    });

    it('is unique after lowercasing, in order of first appearance', () => {
      expect(extractHashtags('#Gündem #gündem #GÜNDEM #kahve #Gündem')).toEqual(['gündem', 'kahve']);
    });

    it('ignores # inside words, URLs and HTML entities, a bare # and the keycap emoji', () => {
      expect(extractHashtags('a#b https://ornek.tr/sayfa#bolum &#39; # yalnız ##çift #️⃣')).toEqual(['çift']);
    });

    it('treats decomposed (NFD) letters like composed ones', () => {
      expect(extractHashtags('#Gu\u0308ndem #I\u0307stanbul')).toEqual(['gündem', 'istanbul']);
    });
  });

  describe('extractLinks', () => {
    it('finds http and https URLs, unique, without sentence punctuation', () => {
      expect(extractLinks('Bakın: https://gundem.local/a. Ve http://ornek.com/x?y=1, ayrıca https://gundem.local/a!')).toEqual([
        'https://gundem.local/a',
        'http://ornek.com/x?y=1',
      ]);
    });

    it('keeps a closing parenthesis that belongs to the URL', () => {
      expect(extractLinks('(bkz. https://tr.wikipedia.org/wiki/Ankara_(il))')).toEqual(['https://tr.wikipedia.org/wiki/Ankara_(il)']);
    });

    it('ignores other schemes and bare domains', () => {
      expect(extractLinks('ftp://ornek.com javascript:alert(1) ornek.com www.ornek.com')).toEqual([]);
    });
  });

  it('counts characters as code points', () => {
    expect(charCount('👋🏽ş')).toBe(3);
    expect(charCount('😀'.repeat(280))).toBe(280);
    expect('😀'.repeat(280).length).toBe(560);
  });

  it('lowercases with Turkish rules', () => {
    expect(turkishLower('İSTANBUL IŞIK Iğdır')).toBe('istanbul ışık ığdır');
  });

  it('builds the search text from content and hashtags', () => {
    expect(searchTextOf('Merhaba #Gündem', ['gündem'])).toBe('merhaba #gündem\n#gündem');
  });

  it('escapes LIKE wildcards in a query', () => {
    expect(likePattern('%50_İndirim\\')).toBe('%\\%50\\_indirim\\\\%');
  });
});
