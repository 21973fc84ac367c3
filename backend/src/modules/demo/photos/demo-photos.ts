// The demo café's product photos: one illustration per dish or drink of demo-cafe.ts, drawn here as SVG (no file, no
// network) and turned into the product's WebP photos by the same path as an owner's upload (demo-seed.service.ts).
import {
  blob,
  bowl,
  breadSlice,
  coffeeBean,
  cup,
  fork,
  friedEgg,
  glassTop,
  iceCube,
  leaf,
  lemonSlice,
  linenTable,
  marbleTable,
  photo,
  plate,
  scatter,
  specks,
  spoon,
  tileTable,
  woodTable,
} from './photo-kit.js';

const crema = (id: string, light: string, dark: string) =>
  `<radialGradient id="${id}" cx="45%" cy="42%" r="60%"><stop offset="0" stop-color="${light}"/>` +
  `<stop offset="1" stop-color="${dark}"/></radialGradient>`;

function espresso(): string {
  return photo(
    woodTable(),
    `<defs>${crema('espresso-crema', '#d99a55', '#7a4420')}</defs>` +
      cup(390, 300, 122, `<circle cx="390" cy="300" r="100" fill="url(#espresso-crema)"/>`) +
      specks(390, 300, 75, 34, ['#f1c48a', '#8c4f25'], 7, 3.5) +
      spoon(220, 345, 200) +
      [
        [620, 140, 20],
        [660, 190, 75],
        [600, 210, 140],
        [160, 130, -30],
        [200, 470, 50],
        [640, 460, 110],
      ]
        .map(([x, y, angle]) => coffeeBean(x as number, y as number, angle as number))
        .join(''),
  );
}

function cappuccino(): string {
  const heart =
    'M400 365 C 340 320 318 280 338 255 C 356 232 388 240 400 266 C 412 240 444 232 462 255 C 482 280 460 320 400 365 Z';
  return photo(
    woodTable(),
    `<defs>${crema('latte', '#c98a4f', '#7c4a25')}</defs>` +
      cup(400, 300, 140, `<circle cx="400" cy="300" r="118" fill="url(#latte)"/>`) +
      `<circle cx="400" cy="300" r="100" fill="none" stroke="#f3e3c8" stroke-width="6" stroke-opacity="0.7"/>` +
      `<path d="${heart}" fill="#f7ead5"/><path d="M400 365 L 400 250" stroke="#b77a45" stroke-width="5"/>` +
      // A biscuit on the saucer.
      `<g filter="url(#shadow)"><circle cx="255" cy="410" r="38" fill="#d9a55e"/></g>` +
      specks(255, 410, 28, 9, ['#b5793a'], 3, 3) +
      coffeeBean(650, 120, 30) +
      coffeeBean(690, 160, 100) +
      coffeeBean(120, 500, 60),
  );
}

function mintTea(): string {
  const leaves = [
    [360, 270, -20, 1.2],
    [395, 250, 40, 1.1],
    [420, 300, 160, 1.3],
    [370, 330, 220, 1],
    [430, 260, 95, 0.9],
  ]
    .map(([x, y, angle, size]) => leaf(x as number, y as number, angle as number, size as number))
    .join('');
  return photo(
    woodTable(),
    `<defs><radialGradient id="tea" cx="45%" cy="45%" r="60%"><stop offset="0" stop-color="#f0c05a"/>` +
      `<stop offset="1" stop-color="#b86e1c"/></radialGradient></defs>` +
      plate(400, 300, 190) +
      glassTop(400, 300, 135, 'url(#tea)', leaves) +
      // Honey in a small dish, the dipper beside it.
      bowl(655, 455, 62, '#f4efe6') +
      `<circle cx="655" cy="455" r="46" fill="#e8a317"/><ellipse cx="640" cy="440" rx="16" ry="9" fill="#fff" fill-opacity="0.45"/>` +
      `<g filter="url(#shadow)"><rect x="560" y="520" width="120" height="12" rx="6" fill="#c48a4a" transform="rotate(-20 620 526)"/></g>` +
      leaf(120, 110, 30, 1.4) +
      leaf(150, 150, -40, 1.2),
  );
}

function choppedSalad(cx: number, cy: number, r: number, seed: number): string {
  const random = scatter(seed);
  const colors = ['#d93a2b', '#e24b33', '#7cb342', '#9ccc65', '#f5f0e1', '#d93a2b', '#558b2f'];
  return Array.from({ length: 140 }, (_, index) => {
    const angle = random() * Math.PI * 2;
    const distance = Math.sqrt(random()) * r;
    const x = Math.round(cx + Math.cos(angle) * distance);
    const y = Math.round(cy + Math.sin(angle) * distance);
    return `<rect x="${x - 7}" y="${y - 7}" width="14" height="14" rx="3" transform="rotate(${Math.round(random() * 90)} ${x} ${y})" fill="${colors[index % colors.length]}"/>`;
  }).join('');
}

/** Tahini or hummus in a small bowl: a swirl of olive oil and a pinch of paprika or za'atar. */
const dip = (cx: number, cy: number, color: string, spice: string, seed: number) =>
  bowl(cx, cy, 70) +
  `<circle cx="${cx}" cy="${cy}" r="56" fill="${color}"/>` +
  `<path d="M${cx - 30} ${cy} C ${cx - 30} ${cy - 30} ${cx + 25} ${cy - 30} ${cx + 25} ${cy} C ${cx + 25} ${cy + 20} ${cx - 10} ${cy + 20} ${cx - 10} ${cy}" stroke="#c9a227" stroke-opacity="0.55" stroke-width="7" fill="none"/>` +
  specks(cx, cy, 30, 14, [spice], seed, 3);

function israeliBreakfast(): string {
  return photo(
    linenTable(),
    plate(300, 330, 200) +
      friedEgg(245, 300, 70, 11) +
      friedEgg(365, 360, 66, 12) +
      specks(300, 330, 130, 10, ['#2e7d32'], 5, 4) +
      bowl(640, 170, 115) +
      choppedSalad(640, 170, 88, 21) +
      dip(635, 420, '#ead9b5', '#b23a1f', 31) +
      dip(470, 90, '#f8f4ea', '#4f7a2a', 41) +
      // Cheese cubes and olives on the plate's edge.
      [
        [170, 430],
        [200, 455],
        [150, 400],
      ]
        .map(
          ([x, y]) =>
            `<rect x="${x}" y="${y}" width="34" height="34" rx="5" fill="#f6d66b" stroke="#e1b73e" stroke-width="2"/>`,
        )
        .join('') +
      `<ellipse cx="420" cy="460" rx="14" ry="11" fill="#3b3b2c"/><ellipse cx="445" cy="445" rx="14" ry="11" fill="#5a5a34"/>` +
      breadSlice(110, 140, -20, 0.95) +
      breadSlice(200, 100, 10, 0.95) +
      fork(770, 380, 10),
  );
}

function shakshuka(): string {
  const sauce = blob(380, 300, 170, 51, 0.08, 14);
  return photo(
    tileTable(),
    `<defs><radialGradient id="sauce" cx="50%" cy="50%" r="55%"><stop offset="0" stop-color="#e24a2d"/>` +
      `<stop offset="1" stop-color="#a8231a"/></radialGradient></defs>` +
      // A black pan with its handle.
      `<g filter="url(#shadow)"><rect x="540" y="275" width="240" height="50" rx="22" fill="#2a2a2a"/>` +
      `<circle cx="380" cy="300" r="200" fill="#2d2d2d"/></g><circle cx="380" cy="300" r="186" fill="#1f1f1f"/>` +
      `<path d="${sauce}" fill="url(#sauce)"/>` +
      specks(380, 300, 150, 40, ['#8f1c14', '#c73a22', '#f08a4b'], 61, 9) +
      friedEgg(315, 250, 62, 71) +
      friedEgg(445, 345, 60, 72) +
      `<path d="M250 380 C 290 350 330 410 370 380 S 440 330 470 250" stroke="#f0e0c0" stroke-width="8" stroke-linecap="round" fill="none"/>` +
      specks(380, 300, 160, 45, ['#3f8f3a', '#2e6b2a'], 81, 5) +
      breadSlice(120, 500, 30),
  );
}

function cheeseToast(): string {
  // A square toast cut corner to corner, the halves pulled apart, melted cheese at the cut.
  const half = (points: string, lines: number[][]) =>
    `<g filter="url(#shadow)"><path d="${points}" fill="url(#crust)" stroke="#8a4f1e" stroke-width="7" stroke-linejoin="round"/></g>` +
    lines
      .map(
        ([x1, y1, x2, y2]) =>
          `<path d="M${x1} ${y1} L ${x2} ${y2}" stroke="#7b4318" stroke-opacity="0.5" stroke-width="10" stroke-linecap="round"/>`,
      )
      .join('');
  return photo(
    marbleTable(),
    plate(400, 300, 235) +
      half('M215 150 L 505 150 L 215 440 Z', [
        [240, 250, 330, 170],
        [240, 340, 420, 175],
        [250, 405, 470, 180],
      ]) +
      `<path d="M505 150 C 470 200 420 230 400 270 C 360 320 300 380 215 440 C 260 420 270 440 300 410 C 340 380 350 400 380 350 C 420 300 450 290 470 240 C 490 200 520 190 505 150 Z" fill="#ffcf3f"/>` +
      half('M585 185 L 585 475 L 295 475 Z', [
        [380, 465, 570, 280],
        [470, 465, 575, 360],
        [320, 462, 560, 215],
      ]) +
      // A small salad: leaves and cherry tomatoes.
      leaf(610, 90, 120, 1.3, '#6aa84f') +
      leaf(640, 130, 170, 1.2, '#8bc34a') +
      `<circle cx="690" cy="95" r="20" fill="#e53935"/><circle cx="684" cy="89" r="6" fill="#fff" fill-opacity="0.5"/>` +
      `<circle cx="700" cy="140" r="18" fill="#d32f2f"/>` +
      fork(110, 420, -25),
  );
}

function croissant(): string {
  // Five rolled layers along an arc, the middle one the largest.
  const layers = [
    [250, 330, 55, 40, -55],
    [310, 270, 70, 56, -30],
    [400, 245, 82, 66, 0],
    [490, 270, 70, 56, 30],
    [550, 330, 55, 40, 55],
  ]
    .map(
      ([x, y, rx, ry, angle]) =>
        `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" transform="rotate(${angle} ${x} ${y})" fill="url(#croissant)" stroke="#9a5520" stroke-width="4"/>` +
        `<ellipse cx="${(x as number) - 10}" cy="${(y as number) - 14}" rx="${(rx as number) * 0.45}" ry="${(ry as number) * 0.25}" transform="rotate(${angle} ${x} ${y})" fill="#ffe0a3" fill-opacity="0.55"/>`,
    )
    .join('');
  return photo(
    marbleTable(),
    `<defs><radialGradient id="croissant" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#f2b560"/>` +
      `<stop offset="1" stop-color="#b8692a"/></radialGradient></defs>` +
      plate(400, 300, 240) +
      `<g filter="url(#shadow)">${layers}</g>` +
      specks(400, 360, 150, 18, ['#c98a45', '#e6b56f'], 91, 4) +
      // Butter and jam.
      bowl(660, 120, 50) +
      `<circle cx="660" cy="120" r="38" fill="#c62828"/><ellipse cx="650" cy="108" rx="12" ry="7" fill="#fff" fill-opacity="0.4"/>` +
      `<g filter="url(#shadow)"><rect x="95" y="430" width="80" height="56" rx="8" fill="#fff3b0"/></g>`,
  );
}

function cheesePastry(): string {
  return photo(
    marbleTable(),
    plate(400, 300, 235) +
      `<g transform="rotate(45 400 300)" filter="url(#shadow)">` +
      `<rect x="275" y="175" width="250" height="250" rx="34" fill="url(#crust)" stroke="#9a5520" stroke-width="5"/>` +
      `<rect x="300" y="200" width="200" height="200" rx="26" fill="#f0c27a"/></g>` +
      `<path d="${blob(400, 300, 78, 101, 0.2)}" fill="#fffaf0" stroke="#f1e4c4" stroke-width="4"/>` +
      specks(400, 300, 200, 60, ['#ffffff'], 111, 2.5) +
      leaf(620, 470, -20, 1.1),
  );
}

function chocolateCake(): string {
  const raspberry = (x: number, y: number) =>
    `<g filter="url(#shadow)"><circle cx="${x}" cy="${y}" r="20" fill="#c2185b"/></g>` +
    specks(x, y, 13, 9, ['#e04882', '#9c0f45'], x + y, 4);
  return photo(
    marbleTable(),
    plate(380, 310, 235) +
      `<g filter="url(#shadow)"><path d="M250 420 L 520 400 L 330 170 Z" fill="#3b1f14" stroke="#2a140c" stroke-width="8" stroke-linejoin="round"/></g>` +
      `<path d="M268 405 L 500 388 L 335 190 Z" fill="#4a2818"/>` +
      `<path d="M290 360 C 330 330 360 380 400 350 S 450 330 470 370" stroke="#6d3b22" stroke-width="6" fill="none"/>` +
      raspberry(360, 310) +
      raspberry(400, 335) +
      leaf(330, 330, -60, 0.8) +
      specks(390, 330, 170, 30, ['#f6f1ea'], 121, 2.5) +
      fork(640, 300, 20),
  );
}

function lemonade(): string {
  const inside =
    [
      [350, 240, 60, 10],
      [410, 300, 58, 35],
      [330, 320, 54, -15],
    ]
      .map(([x, y, size, angle]) => iceCube(x as number, y as number, size as number, angle as number))
      .join('') +
    leaf(440, 240, 200, 1.1) +
    leaf(455, 255, 250, 1) +
    lemonSlice(455, 380, 48);
  return photo(
    tileTable(),
    `<defs><radialGradient id="lemonade" cx="50%" cy="50%" r="60%"><stop offset="0" stop-color="#fff7c2"/>` +
      `<stop offset="1" stop-color="#f2df6b"/></radialGradient></defs>` +
      glassTop(400, 300, 150, 'url(#lemonade)', inside) +
      // A striped straw leaning out of the glass.
      `<g filter="url(#shadow)"><line x1="400" y1="300" x2="610" y2="110" stroke="#ffffff" stroke-width="16" stroke-linecap="round"/>` +
      `<line x1="400" y1="300" x2="610" y2="110" stroke="#e53935" stroke-width="16" stroke-dasharray="18 18" stroke-linecap="round"/></g>` +
      `<g filter="url(#shadow)">${lemonSlice(150, 470, 75)}</g>` +
      `<g filter="url(#shadow)"><circle cx="660" cy="470" r="78" fill="#f5cf2f"/></g>` +
      `<ellipse cx="640" cy="445" rx="24" ry="14" fill="#fff" fill-opacity="0.35"/>` +
      leaf(120, 110, 20, 1.5) +
      leaf(150, 160, -30, 1.3),
  );
}

function icedCoffee(): string {
  const inside =
    `<circle cx="400" cy="300" r="138" fill="url(#iced-foam)"/>` +
    [
      [340, 230, 62, 15],
      [420, 290, 60, -20],
      [330, 320, 56, 40],
    ]
      .map(([x, y, size, angle]) => iceCube(x as number, y as number, size as number, angle as number))
      .join('');
  return photo(
    tileTable(),
    `<defs><radialGradient id="iced-foam" cx="50%" cy="50%" r="55%"><stop offset="0" stop-color="#c9a07a"/>` +
      `<stop offset="0.8" stop-color="#a87548"/><stop offset="1" stop-color="#6e4424"/></radialGradient></defs>` +
      glassTop(400, 300, 150, '#6e4424', inside) +
      `<g filter="url(#shadow)"><line x1="400" y1="300" x2="170" y2="90" stroke="#1e3a5f" stroke-width="16" stroke-linecap="round"/></g>` +
      coffeeBean(640, 470, 20) +
      coffeeBean(680, 430, 80) +
      coffeeBean(600, 500, 140) +
      coffeeBean(150, 470, 45),
  );
}

function mineralWater(): string {
  return photo(
    tileTable(),
    `<defs><linearGradient id="bottle" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d7f0fb"/>` +
      `<stop offset="0.5" stop-color="#9fd6ee"/><stop offset="1" stop-color="#6fb8dc"/></linearGradient></defs>` +
      // A half-litre bottle lying on the table, its label and cap.
      `<g transform="rotate(-12 380 230)"><g filter="url(#shadow)">` +
      `<path d="M120 170 L 470 170 C 520 170 540 200 580 205 L 620 205 L 620 255 L 580 255 C 540 260 520 290 470 290 L 120 290 C 95 290 85 270 85 230 C 85 190 95 170 120 170 Z" fill="url(#bottle)"/></g>` +
      `<rect x="620" y="198" width="44" height="64" rx="8" fill="#1565c0"/>` +
      `<rect x="220" y="172" width="170" height="116" fill="#ffffff" fill-opacity="0.92"/>` +
      `<path d="M220 250 C 260 230 300 270 340 250 S 380 235 390 245 L 390 288 L 220 288 Z" fill="#1e88e5"/>` +
      `<circle cx="305" cy="210" r="18" fill="#90caf9"/>` +
      `<path d="M130 190 L 460 190" stroke="#ffffff" stroke-opacity="0.7" stroke-width="8" stroke-linecap="round"/></g>` +
      glassTop(560, 440, 110, '#d9f1fa', iceCube(520, 400, 50, 15) + lemonSlice(600, 460, 38)) +
      `<g filter="url(#shadow)">${lemonSlice(170, 470, 60)}</g>`,
  );
}

/** Each demo product's illustration, by its name in demo-cafe.ts. */
export const demoPhotos: Readonly<Record<string, () => string>> = {
  אספרסו: espresso,
  הפוך: cappuccino,
  'תה נענע': mintTea,
  'ארוחת בוקר ישראלית': israeliBreakfast,
  שקשוקה: shakshuka,
  'טוסט גבינות': cheeseToast,
  'קרואסון חמאה': croissant,
  'מאפה גבינה': cheesePastry,
  'עוגת שוקולד': chocolateCake,
  'לימונדה נענע': lemonade,
  'אייס קפה': icedCoffee,
  'מים מינרליים': mineralWater,
};
