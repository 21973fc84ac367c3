import { describe, expect, it } from 'vitest';
import { chooseDinerLanguage, languageDirection, languageOfAcceptLanguage, languageOfCookies } from './languages.js';

describe("the diner's language", () => {
  it('follows ?lang= before the cookie and the browser', () => {
    expect(chooseDinerLanguage({ query: 'ru', cookies: 'lang=ar', acceptLanguage: 'en' })).toBe('ru');
  });

  it('follows the remembered choice when the address says nothing', () => {
    expect(chooseDinerLanguage({ query: null, cookies: 'cart_x=1; lang=ar', acceptLanguage: 'en-US' })).toBe('ar');
  });

  it("follows the browser's languages by weight when nothing was chosen", () => {
    expect(chooseDinerLanguage({ acceptLanguage: 'fr-FR,en;q=0.5,ru;q=0.8' })).toBe('ru');
    expect(chooseDinerLanguage({ acceptLanguage: 'en-GB,en;q=0.9' })).toBe('en');
    expect(chooseDinerLanguage({ acceptLanguage: 'iw-IL' })).toBe('he');
  });

  it('falls back to Hebrew', () => {
    expect(chooseDinerLanguage({})).toBe('he');
    expect(chooseDinerLanguage({ query: 'fr', cookies: 'lang=de', acceptLanguage: 'fr,de;q=0.9' })).toBe('he');
  });

  it('passes over a bad ?lang= or cookie to the next rule', () => {
    expect(chooseDinerLanguage({ query: 'xx', cookies: 'lang=en' })).toBe('en');
    expect(chooseDinerLanguage({ query: 'EN', cookies: 'lang=<x>', acceptLanguage: 'ar' })).toBe('ar');
  });

  it('passes over a language the business does not offer; Hebrew is always offered', () => {
    const offered = ['he', 'en'] as const;
    expect(chooseDinerLanguage({ query: 'ru', cookies: 'lang=en', offered })).toBe('en');
    expect(chooseDinerLanguage({ query: 'ar', acceptLanguage: 'ar,ru', offered })).toBe('he');
    // The browser's first offered language, not its first language.
    expect(chooseDinerLanguage({ acceptLanguage: 'ru-RU, ar;q=0.9, en;q=0.5', offered })).toBe('en');
    expect(chooseDinerLanguage({ query: 'he', offered: [] })).toBe('he');
  });

  it('reads the cookie among others and ignores a look-alike', () => {
    expect(languageOfCookies('xlang=en; lang=ru')).toBe('ru');
    expect(languageOfCookies('language=en')).toBeUndefined();
    expect(languageOfCookies(undefined)).toBeUndefined();
  });

  it('ignores ranges refused with q=0 and malformed weights', () => {
    expect(languageOfAcceptLanguage('en;q=0, ar')).toBe('ar');
    expect(languageOfAcceptLanguage('*')).toBeUndefined();
    expect(languageOfAcceptLanguage('ru;q=abc, en;q=0.1')).toBe('en');
  });

  it('reads Hebrew and Arabic right to left, English and Russian left to right', () => {
    expect([
      languageDirection('he'),
      languageDirection('ar'),
      languageDirection('en'),
      languageDirection('ru'),
    ]).toEqual(['rtl', 'rtl', 'ltr', 'ltr']);
  });
});
