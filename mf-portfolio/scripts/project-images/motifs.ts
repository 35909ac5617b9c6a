import { circle, group, path, rect } from './svg.ts';

/** A decorative pattern filling a banner or picture area of a mock-up. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Motif = (box: Box, color: string, random: () => number) => string;

const circles: Motif = ({ x, y, width, height }, color) =>
  group(
    { fill: color },
    circle(x + width * 0.82, y + height * 0.3, height * 0.55, color, { opacity: 0.28 }),
    circle(x + width * 0.62, y + height * 0.95, height * 0.4, color, { opacity: 0.2 }),
    circle(x + width * 0.95, y + height * 0.9, height * 0.22, color, { opacity: 0.35 }),
  );

const waves: Motif = ({ x, y, width, height }, color) => {
  const lines = [0.45, 0.62, 0.8].map((level, index) => {
    const base = y + height * level;
    const amplitude = height * 0.09;
    const d = `M${x} ${base} C ${x + width * 0.25} ${base - amplitude * 2}, ${x + width * 0.5} ${base + amplitude * 2}, ${x + width} ${base - amplitude} L ${x + width} ${y + height} L ${x} ${y + height} Z`;
    return path(d, color, { opacity: 0.14 + index * 0.08 });
  });
  return group({}, ...lines);
};

const dots: Motif = ({ x, y, width, height }, color) => {
  const items: string[] = [];
  const step = 16;
  for (let row = 0; row * step < height; row += 1) {
    for (let column = 0; column * step < width * 0.45; column += 1) {
      items.push(circle(x + width * 0.55 + column * step + 8, y + row * step + 8, 2.2, color));
    }
  }
  return group({ opacity: 0.35 }, ...items);
};

const stripes: Motif = ({ x, y, width, height }, color) => {
  const items: string[] = [];
  for (let offset = -height; offset < width; offset += 28) {
    items.push(
      path(
        `M${x + offset} ${y + height} L${x + offset + height} ${y} L${x + offset + height + 12} ${y} L${x + offset + 12} ${y + height} Z`,
        color,
      ),
    );
  }
  return group({ opacity: 0.16 }, ...items);
};

/** Pointed arches, as in the jharokha windows of Indian architecture. */
const arches: Motif = ({ x, y, width, height }, color) => {
  const items: string[] = [];
  const archWidth = 44;
  for (let left = x + width * 0.5; left + archWidth <= x + width + 10; left += archWidth + 10) {
    const top = y + height * 0.18;
    const bottom = y + height;
    const middle = left + archWidth / 2;
    items.push(
      path(
        `M${left} ${bottom} L${left} ${top + 26} Q${left} ${top + 8} ${middle} ${top} Q${left + archWidth} ${top + 8} ${left + archWidth} ${top + 26} L${left + archWidth} ${bottom} Z`,
        color,
      ),
    );
  }
  return group({ opacity: 0.22 }, ...items);
};

/** A simple eight-petal mandala. */
const mandala: Motif = ({ x, y, width, height }, color) => {
  const cx = x + width * 0.8;
  const cy = y + height * 0.5;
  const r = height * 0.42;
  const petals = Array.from({ length: 8 }, (_, index) =>
    path(
      `M${cx} ${cy} Q${cx + r * 0.35} ${cy - r * 0.5} ${cx} ${cy - r} Q${cx - r * 0.35} ${cy - r * 0.5} ${cx} ${cy} Z`,
      color,
      {
        transform: `rotate(${index * 45} ${cx} ${cy})`,
      },
    ),
  );
  return group(
    { opacity: 0.3 },
    ...petals,
    circle(cx, cy, r * 0.22, color),
    circle(cx, cy, r * 1.08, 'none', { stroke: color, 'stroke-width': 2 }),
  );
};

const triangles: Motif = ({ x, y, width, height }, color, random) => {
  const items: string[] = [];
  for (let index = 0; index < 7; index += 1) {
    const size = 18 + random() * 36;
    const left = x + width * (0.5 + random() * 0.45);
    const top = y + random() * (height - size);
    items.push(
      path(`M${left} ${top + size} L${left + size / 2} ${top} L${left + size} ${top + size} Z`, color, {
        opacity: 0.15 + random() * 0.25,
      }),
    );
  }
  return group({}, ...items);
};

const rings: Motif = ({ x, y, width, height }, color) =>
  group(
    { fill: 'none', stroke: color, 'stroke-width': 10 },
    circle(x + width * 0.78, y + height * 0.5, height * 0.34, 'none', { opacity: 0.3 }),
    circle(x + width * 0.78, y + height * 0.5, height * 0.6, 'none', { opacity: 0.18 }),
    circle(x + width * 0.78, y + height * 0.5, height * 0.86, 'none', { opacity: 0.1 }),
  );

const skyline: Motif = ({ x, y, width, height }, color, random) => {
  const items: string[] = [];
  let left = x + width * 0.45;
  while (left < x + width) {
    const towerWidth = 16 + random() * 22;
    const towerHeight = height * (0.3 + random() * 0.6);
    items.push(
      rect(left, y + height - towerHeight, towerWidth, towerHeight, color, {
        opacity: 0.16 + random() * 0.2,
      }),
    );
    left += towerWidth + 4;
  }
  return group({}, ...items);
};

export const motifs: readonly Motif[] = [
  circles,
  waves,
  dots,
  stripes,
  arches,
  mandala,
  triangles,
  rings,
  skyline,
];
