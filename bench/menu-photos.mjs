// The bench menu's photos and option groups (issue 16): the diner page's budgets hold for a menu whose 150 products
// each have a photo and two option groups. The photos are uploaded through the owner's product API like any owner's,
// so the menu's answer and its HTML carry real image addresses served by the product.
import sharp from 'sharp';

/**
 * `count` photo-like JPEGs, 1200 x 900 as a phone's picture cut down: a plate on a table, soft light, and sensor-like
 * grain, so the WebP files the server makes weigh what food photos weigh (about 12 KB at 400 px, 40 KB at 800 px),
 * not what a flat drawing would (a third of it).
 */
export async function photoLikeJpegs(count) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const hue = (index * 47) % 360;
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><defs><radialGradient id="g">` +
        `<stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${hue + 30},40%,30%)"/>` +
        `</radialGradient></defs><rect width="1200" height="900" fill="hsl(${hue + 180},25%,55%)"/>` +
        `<circle cx="600" cy="450" r="380" fill="#f4f1ec"/><circle cx="600" cy="450" r="300" fill="url(#g)"/>` +
        `<ellipse cx="520" cy="380" rx="120" ry="70" fill="hsl(${hue + 90},70%,50%)"/>` +
        `<ellipse cx="700" cy="520" rx="90" ry="60" fill="hsl(${hue + 200},70%,60%)"/></svg>`;
      const base = await sharp(Buffer.from(svg)).blur(6).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const grain = await sharp({
        create: { width: 1200, height: 900, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 30 } },
      })
        .blur(1.6)
        .raw()
        .toBuffer();
      const pixels = base.data;
      for (let at = 0; at < pixels.length; at++) pixels[at] = Math.max(0, Math.min(255, pixels[at] + grain[at] - 128));
      return sharp(pixels, { raw: base.info }).jpeg({ quality: 85 }).toBuffer();
    }),
  );
}

/** The owner's API with a multipart body (a product and its photo); answers `data`, throws on an error envelope. */
export async function callForm(url, method, path, fields, image, token) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  if (image) form.append('image', new Blob([image], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}` }, body: form });
  const json = await response.json();
  if (!json.success) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Two option groups as a café has them, each allowing no choice, so the order path's carts stay valid without one. */
export const BENCH_OPTION_GROUPS = [
  {
    name: 'סוג חלב',
    minChoices: 0,
    maxChoices: 1,
    options: [
      { name: 'חלב רגיל', price: '0', isDefault: true },
      { name: 'חלב שיבולת שועל', price: '2' },
      { name: 'חלב סויה', price: '2' },
      { name: 'חלב שקדים', price: '2.5' },
    ],
  },
  {
    name: 'תוספות',
    minChoices: 0,
    maxChoices: 3,
    options: [
      { name: 'שוט אספרסו נוסף', price: '3' },
      { name: 'סירופ וניל', price: '2' },
      { name: 'קצפת', price: '2' },
      { name: 'בלי סוכר', price: '0' },
    ],
  },
];

/** What the menu's photos weigh as the product serves them: the mean of every product's 400-px and 800-px file. */
export async function servedPhotoWeights(url, departmentId) {
  const { data: menu } = await (await fetch(`${url}/api/menu/${departmentId}`)).json();
  const images = menu.products.map((product) => product.image).filter(Boolean);
  const mean = async (urls) => {
    let bytes = 0;
    for (const address of urls) bytes += (await (await fetch(`${url}${address}`)).arrayBuffer()).byteLength;
    return Math.round(bytes / Math.max(1, urls.length));
  };
  return {
    products: menu.products.length,
    withPhoto: images.length,
    withOptions: menu.products.filter((product) => product.optionGroups.length === 2).length,
    smallBytes: await mean(images.map((image) => image.small)),
    largeBytes: await mean(images.map((image) => image.large)),
  };
}
