import { circle, group, path, rect, rounded } from './svg.ts';

/** A flat pictogram standing in for a product photo or illustration, centred on (cx, cy), about s wide. */
export type Glyph = (cx: number, cy: number, s: number, color: string, detail: string) => string;

const fabric: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(`M${cx - s / 2} ${cy - s / 2} h${s} l${-s * 0.18} ${s} h${-s * 0.64} Z`, color),
    rect(cx - s * 0.41, cy + s * 0.3, s * 0.82, s * 0.08, detail),
    rect(cx - s * 0.45, cy + s * 0.12, s * 0.9, s * 0.04, detail, { opacity: 0.7 }),
  );

const leaf: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.45} ${cy + s * 0.45} Q${cx - s * 0.5} ${cy - s * 0.45} ${cx + s * 0.45} ${cy - s * 0.45} Q${cx + s * 0.5} ${cy + s * 0.45} ${cx - s * 0.45} ${cy + s * 0.45} Z`,
      color,
    ),
    path(`M${cx - s * 0.4} ${cy + s * 0.4} L${cx + s * 0.3} ${cy - s * 0.3}`, 'none', {
      stroke: detail,
      'stroke-width': s * 0.05,
    }),
  );

const gem: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s / 2} ${cy - s * 0.12} L${cx - s * 0.25} ${cy - s * 0.4} H${cx + s * 0.25} L${cx + s / 2} ${cy - s * 0.12} L${cx} ${cy + s * 0.45} Z`,
      color,
    ),
    path(
      `M${cx - s / 2} ${cy - s * 0.12} H${cx + s / 2} M${cx} ${cy + s * 0.45} L${cx - s * 0.16} ${cy - s * 0.12} L${cx} ${cy - s * 0.4} L${cx + s * 0.16} ${cy - s * 0.12} Z`,
      'none',
      {
        stroke: detail,
        'stroke-width': s * 0.03,
      },
    ),
  );

const bottle: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rounded(cx - s * 0.1, cy - s * 0.5, s * 0.2, s * 0.16, s * 0.03, detail),
    rounded(cx - s * 0.25, cy - s * 0.34, s * 0.5, s * 0.84, s * 0.12, color),
    rounded(cx - s * 0.17, cy - s * 0.05, s * 0.34, s * 0.28, s * 0.04, detail, { opacity: 0.85 }),
  );

const jar: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rounded(cx - s * 0.3, cy - s * 0.5, s * 0.6, s * 0.16, s * 0.04, detail),
    rounded(cx - s * 0.38, cy - s * 0.32, s * 0.76, s * 0.8, s * 0.16, color),
    circle(cx, cy + s * 0.08, s * 0.17, detail, { opacity: 0.85 }),
  );

const toy: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rounded(cx - s * 0.45, cy - s * 0.1, s * 0.9, s * 0.38, s * 0.06, color),
    rounded(cx - s * 0.2, cy - s * 0.42, s * 0.42, s * 0.34, s * 0.06, color, { opacity: 0.8 }),
    circle(cx - s * 0.25, cy + s * 0.34, s * 0.13, detail),
    circle(cx + s * 0.25, cy + s * 0.34, s * 0.13, detail),
  );

const phone: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rounded(cx - s * 0.26, cy - s * 0.5, s * 0.52, s, s * 0.08, color),
    rounded(cx - s * 0.21, cy - s * 0.42, s * 0.42, s * 0.76, s * 0.03, detail),
    circle(cx, cy + s * 0.42, s * 0.035, detail),
  );

const cup: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.4} ${cy - s * 0.2} H${cx + s * 0.3} L${cx + s * 0.22} ${cy + s * 0.4} H${cx - s * 0.32} Z`,
      color,
    ),
    circle(cx + s * 0.34, cy, s * 0.13, 'none', { stroke: color, 'stroke-width': s * 0.07 }),
    path(
      `M${cx - s * 0.15} ${cy - s * 0.32} q${s * 0.06} ${-s * 0.1} 0 ${-s * 0.18} M${cx + s * 0.05} ${cy - s * 0.32} q${s * 0.06} ${-s * 0.1} 0 ${-s * 0.18}`,
      'none',
      {
        stroke: detail,
        'stroke-width': s * 0.05,
        'stroke-linecap': 'round',
      },
    ),
  );

const shoe: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.5} ${cy + s * 0.25} V${cy - s * 0.2} Q${cx - s * 0.3} ${cy - s * 0.3} ${cx - s * 0.15} ${cy - s * 0.05} Q${cx + s * 0.3} ${cy - s * 0.02} ${cx + s * 0.5} ${cy + s * 0.15} V${cy + s * 0.25} Z`,
      color,
    ),
    rect(cx - s * 0.5, cy + s * 0.2, s, s * 0.08, detail),
  );

const house: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.5} ${cy - s * 0.02} L${cx} ${cy - s * 0.45} L${cx + s * 0.5} ${cy - s * 0.02} Z`,
      color,
    ),
    rect(cx - s * 0.38, cy - s * 0.04, s * 0.76, s * 0.5, color, { opacity: 0.8 }),
    rect(cx - s * 0.09, cy + s * 0.16, s * 0.18, s * 0.3, detail),
    rect(cx + s * 0.16, cy + s * 0.04, s * 0.13, s * 0.12, detail),
  );

const building: Glyph = (cx, cy, s, color, detail) => {
  const windows: string[] = [];
  for (let row = 0; row < 4; row += 1)
    for (let column = 0; column < 3; column += 1)
      windows.push(
        rect(cx - s * 0.22 + column * s * 0.16, cy - s * 0.36 + row * s * 0.18, s * 0.1, s * 0.1, detail),
      );
  return group({}, rect(cx - s * 0.3, cy - s * 0.48, s * 0.6, s * 0.96, color), ...windows);
};

const car: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.5} ${cy + s * 0.15} V${cy - s * 0.02} L${cx - s * 0.3} ${cy - s * 0.08} L${cx - s * 0.15} ${cy - s * 0.3} H${cx + s * 0.2} L${cx + s * 0.35} ${cy - s * 0.06} L${cx + s * 0.5} ${cy} V${cy + s * 0.15} Z`,
      color,
    ),
    circle(cx - s * 0.27, cy + s * 0.17, s * 0.11, detail),
    circle(cx + s * 0.27, cy + s * 0.17, s * 0.11, detail),
  );

const briefcase: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rounded(cx - s * 0.15, cy - s * 0.4, s * 0.3, s * 0.16, s * 0.04, 'none', {
      stroke: color,
      'stroke-width': s * 0.06,
    }),
    rounded(cx - s * 0.45, cy - s * 0.26, s * 0.9, s * 0.66, s * 0.08, color),
    rect(cx - s * 0.45, cy - s * 0.02, s * 0.9, s * 0.05, detail),
  );

const chart: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rect(cx - s * 0.42, cy + s * 0.05, s * 0.18, s * 0.4, color, { opacity: 0.6 }),
    rect(cx - s * 0.14, cy - s * 0.15, s * 0.18, s * 0.6, color, { opacity: 0.8 }),
    rect(cx + s * 0.14, cy - s * 0.42, s * 0.18, s * 0.87, color),
    path(
      `M${cx - s * 0.45} ${cy - s * 0.05} L${cx - s * 0.05} ${cy - s * 0.3} L${cx + s * 0.2} ${cy - s * 0.2} L${cx + s * 0.45} ${cy - s * 0.5}`,
      'none',
      {
        stroke: detail,
        'stroke-width': s * 0.05,
        'stroke-linecap': 'round',
      },
    ),
  );

const person: Glyph = (cx, cy, s, color) =>
  group(
    {},
    circle(cx, cy - s * 0.2, s * 0.2, color),
    path(
      `M${cx - s * 0.38} ${cy + s * 0.45} Q${cx} ${cy - s * 0.1} ${cx + s * 0.38} ${cy + s * 0.45} Z`,
      color,
    ),
  );

const heart: Glyph = (cx, cy, s, color) =>
  path(
    `M${cx} ${cy + s * 0.42} C${cx - s * 0.7} ${cy - s * 0.05} ${cx - s * 0.35} ${cy - s * 0.6} ${cx} ${cy - s * 0.22} C${cx + s * 0.35} ${cy - s * 0.6} ${cx + s * 0.7} ${cy - s * 0.05} ${cx} ${cy + s * 0.42} Z`,
    color,
  );

const sun: Glyph = (cx, cy, s, color, detail) => {
  const rays = Array.from({ length: 8 }, (_, index) =>
    rect(cx - s * 0.03, cy - s * 0.5, s * 0.06, s * 0.14, color, {
      transform: `rotate(${index * 45} ${cx} ${cy})`,
    }),
  );
  return group(
    {},
    ...rays,
    circle(cx, cy, s * 0.24, color),
    circle(cx, cy, s * 0.12, detail, { opacity: 0.6 }),
  );
};

const truck: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rect(cx - s * 0.5, cy - s * 0.25, s * 0.6, s * 0.45, color),
    path(
      `M${cx + s * 0.12} ${cy - s * 0.1} H${cx + s * 0.35} L${cx + s * 0.5} ${cy + s * 0.06} V${cy + s * 0.2} H${cx + s * 0.12} Z`,
      color,
      { opacity: 0.8 },
    ),
    circle(cx - s * 0.3, cy + s * 0.24, s * 0.1, detail),
    circle(cx + s * 0.3, cy + s * 0.24, s * 0.1, detail),
  );

const sofa: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    rounded(cx - s * 0.4, cy - s * 0.25, s * 0.8, s * 0.35, s * 0.08, color, { opacity: 0.75 }),
    rounded(cx - s * 0.5, cy - s * 0.05, s, s * 0.3, s * 0.08, color),
    rect(cx - s * 0.42, cy + s * 0.25, s * 0.06, s * 0.12, detail),
    rect(cx + s * 0.36, cy + s * 0.25, s * 0.06, s * 0.12, detail),
  );

const book: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx} ${cy - s * 0.3} Q${cx - s * 0.25} ${cy - s * 0.42} ${cx - s * 0.5} ${cy - s * 0.35} V${cy + s * 0.38} Q${cx - s * 0.25} ${cy + s * 0.3} ${cx} ${cy + s * 0.42} Z`,
      color,
    ),
    path(
      `M${cx} ${cy - s * 0.3} Q${cx + s * 0.25} ${cy - s * 0.42} ${cx + s * 0.5} ${cy - s * 0.35} V${cy + s * 0.38} Q${cx + s * 0.25} ${cy + s * 0.3} ${cx} ${cy + s * 0.42} Z`,
      color,
      { opacity: 0.75 },
    ),
    rect(cx - s * 0.02, cy - s * 0.3, s * 0.04, s * 0.72, detail),
  );

const dome: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.3} ${cy - s * 0.02} Q${cx - s * 0.3} ${cy - s * 0.42} ${cx} ${cy - s * 0.5} Q${cx + s * 0.3} ${cy - s * 0.42} ${cx + s * 0.3} ${cy - s * 0.02} Z`,
      color,
    ),
    rect(cx - s * 0.45, cy - s * 0.02, s * 0.9, s * 0.48, color, { opacity: 0.8 }),
    path(
      `M${cx - s * 0.1} ${cy + s * 0.46} V${cy + s * 0.2} Q${cx} ${cy + s * 0.06} ${cx + s * 0.1} ${cy + s * 0.2} V${cy + s * 0.46} Z`,
      detail,
    ),
  );

const tag: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    path(
      `M${cx - s * 0.45} ${cy - s * 0.1} L${cx - s * 0.1} ${cy - s * 0.45} H${cx + s * 0.45} V${cy + s * 0.1} L${cx + s * 0.1} ${cy + s * 0.45} Z`,
      color,
    ),
    circle(cx + s * 0.25, cy - s * 0.25, s * 0.08, detail),
  );

const bowl: Glyph = (cx, cy, s, color, detail) =>
  group(
    {},
    circle(cx - s * 0.15, cy - s * 0.12, s * 0.14, detail),
    circle(cx + s * 0.12, cy - s * 0.15, s * 0.12, detail, { opacity: 0.8 }),
    path(
      `M${cx - s * 0.5} ${cy - s * 0.05} H${cx + s * 0.5} Q${cx + s * 0.45} ${cy + s * 0.42} ${cx} ${cy + s * 0.42} Q${cx - s * 0.45} ${cy + s * 0.42} ${cx - s * 0.5} ${cy - s * 0.05} Z`,
      color,
    ),
  );

/** Which pictogram suits a project, by a word in its slug; a box-like toy when nothing matches. */
const glyphByKeyword: ReadonlyArray<[RegExp, Glyph]> = [
  [/skincare/, bottle],
  [/saree|textile/, fabric],
  [/grocery|ayurved|organic/, leaf],
  [/jewel/, gem],
  [/spice/, jar],
  [/toy/, toy],
  [/mobile/, phone],
  [/tea/, cup],
  [/footwear|shoe/, shoe],
  [/yoga|solar/, sun],
  [/heritage|tours/, dome],
  [/school|education|ngo/, book],
  [/recipe/, bowl],
  [/homes|rental|villa/, house],
  [/office/, building],
  [/car/, car],
  [/jobs/, briefcase],
  [/classified/, tag],
  [/tax|accountant/, chart],
  [/hr|payroll/, person],
  [/logistics/, truck],
  [/interior/, sofa],
  [/matrimon/, heart],
];

export function glyphFor(slug: string): Glyph {
  return glyphByKeyword.find(([pattern]) => pattern.test(slug))?.[1] ?? toy;
}

export const glyphs = { house, person, heart, car, phone, sofa, briefcase, tag, building, chart };
