import {
  type LineRange,
  type Paragraph,
  type Style,
  lineMetrics,
  lineSvg,
  measure,
  paragraph,
  wrap,
} from './text-layout.js';

export type Align = 'right' | 'center' | 'left';

interface TextOptions {
  align?: Align;
  /** white text, for a line drawn on a black box */
  inverted?: boolean;
  /** narrower than the page, for text inside a frame or beside a price */
  inset?: { left: number; right: number };
}

/**
 * Stacks slip elements top to bottom on a page of fixed width, keeping a y cursor, and returns SVG.
 * Everything is wrapped to the width before it is placed, so nothing can be drawn outside the page.
 */
export function createComposer(width: number, margin: number) {
  // Painted in order: boxes first, then glyphs, so white text lands on its black box.
  const boxes: string[] = [];
  const glyphs: string[] = [];
  const defs = new Map<string, string>();
  let y = margin;

  /** Wraps a paragraph between `left` and `right`; `leftOf` places each line from its width. */
  function addLines(
    text: string,
    style: Style,
    [left, right]: [number, number],
    leftOf: (lineWidth: number) => number,
    inverted = false,
  ): void {
    const para = paragraph(text);
    for (const range of wrap(para, style, right - left)) {
      addLine(para, range, style, leftOf(measure(para.text.slice(range.start, range.end), style)), inverted);
    }
  }

  function addLine(para: Paragraph, range: LineRange, style: Style, left: number, inverted = false): void {
    const { ascent, descent } = lineMetrics(style);
    glyphs.push(lineSvg(para, range, style, { left, baseline: y + ascent, fill: inverted ? '#fff' : '#000' }, defs));
    y += ascent + descent;
  }

  function xFor(textWidth: number, align: Align, left: number, right: number): number {
    if (align === 'left') return left;
    if (align === 'center') return left + (right - left - textWidth) / 2;
    return right - textWidth;
  }

  return {
    get y(): number {
      return y;
    },
    space(dots: number): void {
      y += dots;
    },
    text(text: string, style: Style, { align = 'right', inverted = false, inset }: TextOptions = {}): void {
      const left = margin + (inset?.left ?? 0);
      const right = width - margin - (inset?.right ?? 0);
      addLines(text, style, [left, right], (lineWidth) => xFor(lineWidth, align, left, right), inverted);
    },
    /** Right column wraps beside a left column that stays on the first line (an item and its price). */
    row(rightText: string, rightStyle: Style, leftText: string, leftStyle: Style, gap: number): void {
      const leftWidth = measure(leftText, leftStyle);
      const top = y;
      const right = width - margin;
      const first = lineMetrics(rightStyle);
      addLines(rightText, rightStyle, [margin + leftWidth + gap, right], (lineWidth) => right - lineWidth);
      const { ascent } = lineMetrics(leftStyle);
      const saved = y;
      // Share the first line's baseline so the price reads beside its item.
      y = top + first.ascent - ascent;
      addLines(leftText, leftStyle, [margin, right], () => margin);
      y = Math.max(saved, y);
    },
    rule(thickness: number): void {
      boxes.push(`<path d="M${margin} ${y}h${width - 2 * margin}v${thickness}h${-(width - 2 * margin)}Z"/>`);
      y += thickness;
    },
    /** A filled box (or a frame `stroke` thick) from `top` to `bottom`. */
    box(top: number, bottom: number, { filled, stroke = 0 }: { filled: boolean; stroke?: number }): void {
      const w = width - 2 * margin;
      const h = bottom - top;
      const outer = `M${margin} ${top}h${w}v${h}h${-w}Z`;
      // An inner rectangle wound the other way leaves the frame's inside white.
      const inner = `M${margin + stroke} ${top + stroke}v${h - 2 * stroke}h${w - 2 * stroke}v${-(h - 2 * stroke)}Z`;
      boxes.push(`<path d="${filled ? outer : outer + inner}"/>`);
    },
    svg(bottomMargin: number): { svg: string; height: number } {
      const height = Math.ceil(y + bottomMargin);
      const outlines = [...defs].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('');
      const body = `<defs>${outlines}</defs>${boxes.join('')}${glyphs.join('')}`;
      const svg =
        `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
        `viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#fff"/>${body}</svg>`;
      return { svg, height };
    },
  };
}

export type Composer = ReturnType<typeof createComposer>;
