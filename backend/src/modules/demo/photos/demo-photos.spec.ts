import { demoMenu } from '../demo-cafe.js';
import { demoPhotos } from './demo-photos.js';
import { castShadows } from './photo-kit.js';
import { renderDemoPhoto } from './render-photo.js';

describe("the demo café's drawn photos", () => {
  it('has a drawing for every product of the demo menu, and none for a product it does not know', async () => {
    const names = demoMenu.flatMap((section) => section.products.map((product) => product.name));
    expect(Object.keys(demoPhotos).sort()).toEqual([...names].sort());
    expect(await renderDemoPhoto('מנה שאינה בתפריט')).toBeNull();
  });

  it('draws each as an 800x600 picture full of colour, not a flat placeholder', async () => {
    const sharp = (await import('sharp')).default;
    for (const name of Object.keys(demoPhotos)) {
      const png = await renderDemoPhoto(name);
      const image = sharp(png as Buffer);
      expect(await image.metadata()).toMatchObject({ format: 'png', width: 800, height: 600 });
      // A plain card has an entropy of 0, a coloured circle on it under 1; these drawings are near 3 and above.
      const { entropy, channels } = await image.stats();
      expect({ name, rich: entropy > 2.5 }).toEqual({ name, rich: true });
      // Every channel moves: a picture in colour, not a grey card.
      expect(channels.slice(0, 3).every((channel) => channel.stdev > 10)).toBe(true);
    }
  });

  it('casts a shadow as two soft silhouettes under the group, nested groups included, and no SVG filter', () => {
    const drawn = castShadows(
      '<circle r="1" fill="red"/><g filter="url(#shadow)"><g><rect fill="#fff" fill-opacity="0.5"/></g></g><line stroke="blue"/>',
    );
    expect(drawn).not.toContain('filter=');
    expect(drawn).toBe(
      '<circle r="1" fill="red"/>' +
        '<g transform="translate(4 6)" fill-opacity="0.13" stroke-opacity="0.13"><g><g><rect fill="#2b1a0e"/></g></g></g>' +
        '<g transform="translate(10 15)" fill-opacity="0.08" stroke-opacity="0.08"><g><g><rect fill="#2b1a0e"/></g></g></g>' +
        '<g><g><rect fill="#fff" fill-opacity="0.5"/></g></g><line stroke="blue"/>',
    );
  });
});
