// The drawing kit of the demo café's photos: flat-lay illustrations (seen from above, on a table) drawn as SVG, 800 x
// 600 like a stored product photo. Each piece answers SVG text; demo-photos.ts composes the dishes from them.

export const WIDTH = 800;
export const HEIGHT = 600;

/** The gradients several dishes share. */
const DEFS = `
<radialGradient id="porcelain" cx="45%" cy="40%" r="65%">
  <stop offset="0" stop-color="#ffffff"/><stop offset="0.75" stop-color="#f6f5f2"/><stop offset="1" stop-color="#e4e1dc"/>
</radialGradient>
<radialGradient id="yolk" cx="40%" cy="38%" r="60%">
  <stop offset="0" stop-color="#ffd54a"/><stop offset="0.7" stop-color="#ffad0d"/><stop offset="1" stop-color="#f08a00"/>
</radialGradient>
<linearGradient id="crust" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#e0a458"/><stop offset="1" stop-color="#a8642a"/>
</linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0.25"/>
</linearGradient>`;

/** The whole picture: a table and what stands on it (its groups marked `filter="url(#shadow)"` cast a shadow). */
export const photo = (table: string, body: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
  `<defs>${DEFS}</defs>${table}${castShadows(body)}</svg>`;

const SHADOW = /<g\b([^>]*?) filter="url\(#shadow\)"([^>]*)>/;

/**
 * Each group marked `filter="url(#shadow)"` drawn over two soft copies of its silhouette, offset down and right. An
 * SVG blur filter would look the same, but renders eight times slower (an off-screen surface per group), and the demo
 * café is drawn during the first start.
 */
export function castShadows(markup: string): string {
  let drawn = '';
  let rest = markup;
  for (let open = SHADOW.exec(rest); open; open = SHADOW.exec(rest)) {
    const tags = /<g\b|<\/g>/g;
    tags.lastIndex = open.index + open[0].length;
    let depth = 1;
    let tag = tags.exec(rest);
    for (; tag; tag = tags.exec(rest)) {
      depth += tag[0] === '</g>' ? -1 : 1;
      if (depth === 0) break;
    }
    if (!tag) throw new Error('a shadowed group is not closed');
    const group = `<g${open[1]}${open[2]}>${castShadows(rest.slice(open.index + open[0].length, tag.index))}</g>`;
    drawn += rest.slice(0, open.index) + shadowOf(group) + group;
    rest = rest.slice(tag.index + tag[0].length);
  }
  return drawn + rest;
}

function shadowOf(group: string): string {
  const silhouette = group
    .replace(/ (fill|stroke)-opacity="[^"]*"/g, '')
    .replace(/ (fill|stroke)="(?!none)[^"]*"/g, ' $1="#2b1a0e"');
  return [
    [4, 6, 0.13],
    [10, 15, 0.08],
  ]
    .map(
      ([dx, dy, opacity]) =>
        `<g transform="translate(${dx} ${dy})" fill-opacity="${opacity}" stroke-opacity="${opacity}">${silhouette}</g>`,
    )
    .join('');
}

/** The same scattering on every render (a seeded generator): the photos never change between starts. */
export function scatter(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const n = (value: number) => Math.round(value * 10) / 10;

// Tables: warm wood for the hot drinks, linen for the breakfasts, marble for the pastries, tiles for the cold drinks.

export function woodTable(): string {
  const planks = [0, 150, 300, 450]
    .map(
      (y, index) =>
        `<rect y="${y}" width="${WIDTH}" height="150" fill="${['#a8714a', '#9c6641', '#b07a51', '#a06a44'][index]}"/>` +
        `<path d="M0 ${y + 40} C 200 ${y + 25} 420 ${y + 60} ${WIDTH} ${y + 38}" stroke="#7d4f2f" stroke-opacity="0.35" stroke-width="3" fill="none"/>` +
        `<path d="M0 ${y + 100} C 260 ${y + 118} 520 ${y + 86} ${WIDTH} ${y + 108}" stroke="#7d4f2f" stroke-opacity="0.25" stroke-width="2" fill="none"/>` +
        `<rect y="${y + 147}" width="${WIDTH}" height="3" fill="#5e3a22" fill-opacity="0.6"/>`,
    )
    .join('');
  return `<g>${planks}</g>`;
}

export function linenTable(): string {
  const lines = Array.from({ length: 16 }, (_, index) => index * 50)
    .map(
      (at) =>
        `<rect x="${at}" width="14" height="${HEIGHT}" fill="#8fb3c9" fill-opacity="0.18"/>` +
        `<rect y="${at}" width="${WIDTH}" height="14" fill="#8fb3c9" fill-opacity="0.18"/>`,
    )
    .join('');
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="#f3efe6"/>${lines}`;
}

export function marbleTable(): string {
  const veins = [
    'M-20 120 C 150 90 260 200 420 150 S 700 60 820 110',
    'M-20 430 C 120 380 300 470 470 400 S 690 330 820 380',
    'M160 -10 C 200 120 140 250 230 360 S 260 520 300 610',
    'M600 -10 C 560 140 660 260 620 380 S 560 540 610 610',
  ]
    .map(
      (d, index) =>
        `<path d="${d}" stroke="#b9b5ad" stroke-opacity="${0.35 + index * 0.08}" stroke-width="${2 + (index % 2)}" fill="none"/>`,
    )
    .join('');
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="#ecebe7"/>${veins}`;
}

export function tileTable(): string {
  const tiles: string[] = [];
  for (let x = 0; x < WIDTH; x += 100)
    for (let y = 0; y < HEIGHT; y += 100)
      tiles.push(
        `<rect x="${x + 2}" y="${y + 2}" width="96" height="96" rx="6" fill="${(x + y) % 200 ? '#3ea6a3' : '#46b0ad'}"/>`,
      );
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="#e8f3f1"/>${tiles.join('')}`;
}

// Tableware.

export const plate = (cx: number, cy: number, r: number): string =>
  `<g filter="url(#shadow)"><circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#porcelain)"/></g>` +
  `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.74)}" fill="none" stroke="#e1ddd6" stroke-width="3"/>`;

export const bowl = (cx: number, cy: number, r: number, color = '#ffffff'): string =>
  `<g filter="url(#shadow)"><circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/></g>` +
  `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.86)}" fill="#000" fill-opacity="0.05"/>`;

/** A cup seen from above with its saucer and handle; `liquid` is drawn inside the rim (center cx, cy, radius r*0.84). */
export function cup(cx: number, cy: number, r: number, liquid: string): string {
  return (
    plate(cx, cy, n(r * 1.5)) +
    `<g filter="url(#shadow)"><rect x="${cx + r - 6}" y="${n(cy - r * 0.16)}" width="${n(r * 0.55)}" height="${n(r * 0.32)}" rx="${n(r * 0.16)}" fill="#f7f6f3"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#porcelain)"/></g>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.84)}" fill="#3b2314"/>` +
    liquid
  );
}

/** A glass seen from above: the drink's color through the glass, and its bright rim. */
export const glassTop = (cx: number, cy: number, r: number, drink: string, inside = ''): string =>
  `<g filter="url(#shadow)"><circle cx="${cx}" cy="${cy}" r="${r}" fill="${drink}"/></g>` +
  inside +
  `<circle cx="${cx}" cy="${cy}" r="${r - 5}" fill="none" stroke="url(#glass)" stroke-width="10"/>` +
  `<path d="M${n(cx - r * 0.62)} ${n(cy - r * 0.5)} A ${r * 0.8} ${r * 0.8} 0 0 1 ${n(cx + r * 0.1)} ${n(cy - r * 0.8)}" stroke="#fff" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round" fill="none"/>`;

export const fork = (x: number, y: number, angle: number): string =>
  `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#shadow)" fill="#c9ccd1">` +
  `<rect x="-6" y="0" width="12" height="170" rx="6"/><rect x="-20" y="-70" width="40" height="78" rx="14"/>` +
  `</g><g transform="translate(${x} ${y}) rotate(${angle})" fill="#eceef1">` +
  [-14, -5, 4, 13].map((dx) => `<rect x="${dx}" y="-118" width="5" height="62" rx="2.5"/>`).join('') +
  `</g>`;

export const spoon = (x: number, y: number, angle: number): string =>
  `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#shadow)">` +
  `<rect x="-5" y="0" width="10" height="120" rx="5" fill="#c9ccd1"/><ellipse cx="0" cy="-22" rx="18" ry="28" fill="#d7dade"/>` +
  `<ellipse cx="-4" cy="-28" rx="6" ry="12" fill="#fff" fill-opacity="0.6"/></g>`;

// Food.

/** A smooth uneven round shape (an egg's white, a dollop), its outline a closed curve through wobbling points. */
export function blob(cx: number, cy: number, size: number, seed: number, wobble = 0.3, points = 9): string {
  const random = scatter(seed);
  const around = Array.from({ length: points }, (_, index) => {
    const angle = (index / points) * Math.PI * 2;
    const radius = size * (1 - wobble / 2 + random() * wobble);
    return [cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius * 0.92] as const;
  });
  const at = (index: number) => around[index % points] as readonly [number, number];
  const middle = (index: number) =>
    `${n((at(index)[0] + at(index + 1)[0]) / 2)} ${n((at(index)[1] + at(index + 1)[1]) / 2)}`;
  const curve = around.map((point, index) => `Q ${n(point[0])} ${n(point[1])} ${middle(index)}`).join(' ');
  return `M ${middle(points - 1)} ${curve} Z`;
}

/** A fried egg: an uneven white and a shining yolk. */
export const friedEgg = (cx: number, cy: number, size: number, seed: number): string =>
  `<path d="${blob(cx, cy, size, seed)}" fill="#fffdf5" stroke="#efe2c6" stroke-width="3"/>` +
  `<circle cx="${n(cx + size * 0.08)}" cy="${n(cy - size * 0.05)}" r="${n(size * 0.38)}" fill="url(#yolk)"/>` +
  `<ellipse cx="${n(cx - size * 0.02)}" cy="${n(cy - size * 0.17)}" rx="${n(size * 0.12)}" ry="${n(size * 0.07)}" fill="#fff" fill-opacity="0.7"/>`;

/** A mint (or basil) leaf pointing along `angle`, with its middle vein. */
export const leaf = (x: number, y: number, angle: number, size = 1, color = '#3c9a4b'): string =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${size})">` +
  `<path d="M0 0 C 12 -18 42 -20 62 0 C 42 20 12 18 0 0 Z" fill="${color}"/>` +
  `<path d="M2 0 L 56 0" stroke="#2a6e35" stroke-width="2" stroke-opacity="0.7"/></g>`;

/** A lemon cut across: rind, pith and its segments. */
export function lemonSlice(cx: number, cy: number, r: number, color = '#f5cf2f'): string {
  const segments = Array.from({ length: 10 }, (_, index) => {
    const angle = (index / 10) * Math.PI * 2;
    return `<line x1="${cx}" y1="${cy}" x2="${n(cx + Math.cos(angle) * r * 0.8)}" y2="${n(cy + Math.sin(angle) * r * 0.8)}" stroke="#fffbe0" stroke-width="${n(r * 0.07)}"/>`;
  }).join('');
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/><circle cx="${cx}" cy="${cy}" r="${n(r * 0.88)}" fill="#fffbe0"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${n(r * 0.8)}" fill="#fbe679"/>${segments}`
  );
}

export const iceCube = (x: number, y: number, size: number, angle: number): string =>
  `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${n(size * 0.22)}" transform="rotate(${angle} ${n(x + size / 2)} ${n(y + size / 2)})" fill="#ffffff" fill-opacity="0.45" stroke="#ffffff" stroke-opacity="0.8" stroke-width="3"/>`;

export const coffeeBean = (x: number, y: number, angle: number): string =>
  `<g transform="translate(${x} ${y}) rotate(${angle})" filter="url(#shadow)"><ellipse rx="15" ry="11" fill="#4a2a17"/>` +
  `<path d="M-13 0 C -5 -5 5 5 13 0" stroke="#2a160b" stroke-width="3" fill="none"/></g>`;

/** A slice of bread: its crust and crumb, a few holes. */
export const breadSlice = (x: number, y: number, angle: number, size = 1): string =>
  `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${size})" filter="url(#shadow)">` +
  `<path d="M-60 40 L -60 -10 C -75 -60 -30 -80 0 -70 C 30 -80 75 -60 60 -10 L 60 40 Z" fill="#b7773a"/>` +
  `<path d="M-50 32 L -50 -8 C -62 -50 -26 -66 0 -58 C 26 -66 62 -50 50 -8 L 50 32 Z" fill="#f0d6a2"/>` +
  `<circle cx="-18" cy="-20" r="5" fill="#d9b57a"/><circle cx="15" cy="5" r="4" fill="#d9b57a"/><circle cx="-5" cy="15" r="3" fill="#d9b57a"/></g>`;

/** Small pieces (herbs, spices, crumbs) scattered in a circle. */
export function specks(
  cx: number,
  cy: number,
  r: number,
  count: number,
  colors: string[],
  seed: number,
  size = 4,
): string {
  const random = scatter(seed);
  return Array.from({ length: count }, (_, index) => {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * r;
    const color = colors[index % colors.length] as string;
    return `<ellipse cx="${n(cx + Math.cos(angle) * distance)}" cy="${n(cy + Math.sin(angle) * distance)}" rx="${n(size * (0.6 + random()))}" ry="${n(size * (0.4 + random() * 0.6))}" transform="rotate(${Math.round(random() * 180)} ${n(cx + Math.cos(angle) * distance)} ${n(cy + Math.sin(angle) * distance)})" fill="${color}"/>`;
  }).join('');
}
