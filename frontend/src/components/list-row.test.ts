/// <reference types="node" />
// Read from disk: vitest runs with `css: false`, so a CSS import (even `?raw`) comes out empty.
import { readFileSync } from 'node:fs';
import { renderGuestPage, warmGuestPages } from '../entry-server';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const listRowCss = read('./list-row.css');
const accountRowCss = read('./account-row.css');
const exploreCss = read('../features/explore/explore.css');

/** The declarations (`property: value`) of every rule whose selector list includes `selector` exactly. */
function declarations(css: string, selector: string): string[] {
  const out: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const [, selectors, body] of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!selectors.split(',').some((s) => s.trim() === selector)) continue;
    for (const declaration of body.split(';')) if (declaration.trim()) out.push(declaration.trim().replace(/\s+/g, ' '));
  }
  return out;
}

describe('.list-row: one rule for a person’s row and a topic card', () => {
  it('holds the layout and hover both rows share', () => {
    expect(declarations(listRowCss, '.list-row')).toEqual(['display: flex', 'align-items: flex-start', 'padding: 12px 16px', 'transition: background-color 0.15s ease']);
    expect(declarations(listRowCss, '.list-row:hover')).toEqual(['background: var(--bg-hover)']);
  });

  it('leaves .account-row and .topic-card only what differs, and no declaration in common', () => {
    const accountRow = [...declarations(accountRowCss, '.account-row'), ...declarations(accountRowCss, '.account-row:hover')];
    const topicCard = [...declarations(exploreCss, '.topic-card'), ...declarations(exploreCss, '.topic-card:hover')];
    expect(accountRow).toEqual(['gap: 12px']);
    expect(topicCard).toEqual(['gap: 14px']);
    expect(accountRow.filter((declaration) => topicCard.includes(declaration))).toEqual([]);
  });
});

describe('the rows that use it', () => {
  it('every topic card and person row of Explore carries .list-row (the server render, as the browser gets it)', async () => {
    await warmGuestPages();
    const container = document.createElement('div');
    const data = {
      trends: [{ hashtag: 'deprem', postCount: 3, engagementScore: 0 }],
      users: [{ _id: 'u-elif', id: 'u-elif', username: 'elif', displayName: 'Elif Şahin', isVerified: false, profileImage: null, bio: '' }],
    };
    container.innerHTML = renderGuestPage('/explore', Date.parse('2026-11-26T12:00:00Z'), JSON.stringify(data));
    const rows = container.querySelectorAll('.topic-card, .account-row');
    expect(container.querySelectorAll('.topic-card').length).toBeGreaterThan(0);
    expect(container.querySelectorAll('.account-row').length).toBeGreaterThan(0);
    for (const row of rows) expect(row.classList.contains('list-row')).toBe(true);
  });
});
