import { describe, expect, it } from 'vitest';
import {
  MAX_TABLES,
  POSTER_HEIGHT,
  POSTER_LOGO_MAX_HEIGHT,
  POSTER_LOGO_MAX_WIDTH,
  POSTER_QR_SIZE,
  POSTER_WIDTH,
  fitWithin,
  parseTableCount,
  posterFileName,
  posterLayout,
  posterTables,
  posterTargets,
  publicMenuUrl,
  type Box,
} from './qr-poster';

const text = { businessName: 'קפה הגפן', callToAction: 'סרקו להזמנה ולתשלום', url: 'https://tafrit.test/menu/demo' };

function inside(box: Box) {
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= POSTER_WIDTH && box.y + box.height <= POSTER_HEIGHT;
}

describe('the QR code address', () => {
  it('is the public menu of the department, with ?table=N for a table', () => {
    expect(publicMenuUrl('https://tafrit.co.il', 'abc123')).toBe('https://tafrit.co.il/menu/abc123');
    expect(publicMenuUrl('https://tafrit.co.il/', 'abc123', 7)).toBe('https://tafrit.co.il/menu/abc123?table=7');
    expect(publicMenuUrl('http://localhost:3000', 'a b')).toBe('http://localhost:3000/menu/a%20b');
  });

  it('makes one poster per table, 1..N, or a single poster without tables', () => {
    expect(posterTables(undefined)).toEqual([undefined]);
    expect(posterTables(3)).toEqual([1, 2, 3]);
    expect(posterTables(MAX_TABLES)).toHaveLength(200);
  });

  it('accepts 1 to 200 tables, and an empty field means no tables', () => {
    expect(parseTableCount('')).toBeUndefined();
    expect(parseTableCount(' 12 ')).toBe(12);
    expect(parseTableCount('200')).toBe(200);
    expect(parseTableCount('0')).toBeNull();
    expect(parseTableCount('201')).toBeNull();
    expect(parseTableCount('2.5')).toBeNull();
    expect(parseTableCount('-1')).toBeNull();
  });

  it('names the files after the department and the table', () => {
    expect(posterFileName('abc123')).toBe('qr-abc123.png');
    expect(posterFileName('abc123', 4)).toBe('qr-abc123-table-4.png');
  });
});

describe('the printed poster', () => {
  it('is an A4 page of 2480 x 3508 with the code at 1000 px in the middle', () => {
    const layout = posterLayout(text);
    expect([layout.width, layout.height]).toEqual([2480, 3508]);
    expect([layout.qr.width, layout.qr.height]).toEqual([POSTER_QR_SIZE, POSTER_QR_SIZE]);
    expect(layout.qr.x + layout.qr.width / 2).toBe(POSTER_WIDTH / 2);
    expect(inside(layout.qr)).toBe(true);
    expect(layout.logo).toBeNull();
    expect(layout.table).toBeNull();
  });

  it('puts the name above the code and the call to action below it, in bold', () => {
    const layout = posterLayout(text);
    expect(layout.businessName.y).toBeLessThan(layout.qr.y);
    expect(layout.callToAction.y).toBeGreaterThan(layout.qr.y + layout.qr.height);
    expect(layout.callToAction.text).toBe('סרקו להזמנה ולתשלום');
    expect(layout.businessName.font).toMatch(/^bold .*Heebo/);
    expect(layout.callToAction.font).toMatch(/^bold .*Heebo/);
    expect(layout.url.y).toBeLessThan(POSTER_HEIGHT);
  });

  it('fits a wide logo within 800 x 300, centred above the name', () => {
    const layout = posterLayout({ ...text, logo: { width: 1600, height: 400 } });
    expect(layout.logo).toMatchObject({ width: 800, height: 200 });
    expect(layout.logo!.x + layout.logo!.width / 2).toBe(POSTER_WIDTH / 2);
    expect(layout.logo!.y + layout.logo!.height).toBeLessThan(layout.businessName.y - 100);
    expect(inside(layout.logo!)).toBe(true);
  });

  it('fits a tall or a small logo by its height', () => {
    expect(fitWithin(100, 400, POSTER_LOGO_MAX_WIDTH, POSTER_LOGO_MAX_HEIGHT)).toEqual({ width: 75, height: 300 });
    expect(fitWithin(16, 16, POSTER_LOGO_MAX_WIDTH, POSTER_LOGO_MAX_HEIGHT)).toEqual({ width: 300, height: 300 });
    expect(fitWithin(0, 10, 800, 300)).toEqual({ width: 0, height: 0 });
  });

  it('writes the table number under the call to action', () => {
    const layout = posterLayout({ ...text, tableLabel: 'שולחן 12' });
    expect(layout.table?.text).toBe('שולחן 12');
    expect(layout.table!.y).toBeGreaterThan(layout.callToAction.y);
    expect(layout.table!.y).toBeLessThan(layout.url.y);
  });
});

describe("the table posters' addresses (issue 34)", () => {
  const origin = 'https://tafrit.test';
  it('without the shared table: tables 1..n with the plain ?table= address, or the menu alone', () => {
    expect(posterTargets({ origin, departmentId: 'demo', count: 2, shared: null })).toEqual([
      { table: 1, url: 'https://tafrit.test/menu/demo?table=1' },
      { table: 2, url: 'https://tafrit.test/menu/demo?table=2' },
    ]);
    expect(posterTargets({ origin, departmentId: 'demo', count: undefined, shared: null })).toEqual([
      { table: undefined, url: 'https://tafrit.test/menu/demo' },
    ]);
  });

  it("with the shared table: the server's tables, each with its address and secret, whatever the count", () => {
    const shared = [
      { number: 4, url: 'https://tafrit.test/menu/demo?table=4&key=AAAAAAAAAAAAAAAA' },
      { number: 12, url: 'https://tafrit.test/menu/demo?table=12&key=BBBBBBBBBBBBBBBB' },
    ];
    expect(posterTargets({ origin, departmentId: 'demo', count: 30, shared })).toEqual([
      { table: 4, url: shared[0]!.url },
      { table: 12, url: shared[1]!.url },
    ]);
  });
});
