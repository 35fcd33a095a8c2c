import { passwordError, validateRegister, validateReset } from './validation';

describe('auth validation', () => {
  it('refuses a password of spaces only, as the server does, without trimming real ones', () => {
    expect(passwordError('      ')).toBe('Şifre yalnızca boşluklardan oluşamaz.');
    expect(passwordError('\t \u00A0\u3000  ')).toBe('Şifre yalnızca boşluklardan oluşamaz.');
    expect(passwordError('\u200B'.repeat(6))).toBe('Şifre yalnızca boşluklardan oluşamaz.');
    // Too short is said first, like the server.
    expect(passwordError('   ')).toBe('Şifre en az 6 karakter olmalıdır.');
    expect(passwordError('  gizli  ')).toBeUndefined();
    expect(passwordError('gizli1')).toBeUndefined();
  });

  it('applies the rule at registration and at reset', () => {
    const register = validateRegister({ displayName: 'Ayşe', username: 'ayse', email: 'ayse@ornek.com', password: '      ' });
    expect(register.password).toBe('Şifre yalnızca boşluklardan oluşamaz.');
    const reset = validateReset({ newPassword: '      ', confirmPassword: '      ' });
    expect(reset).toEqual({ newPassword: 'Şifre yalnızca boşluklardan oluşamaz.', confirmPassword: undefined });
  });
});
