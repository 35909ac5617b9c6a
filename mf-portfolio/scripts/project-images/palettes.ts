/** Colour schemes of the mock-up websites: each client site gets its own brand colours. */
export interface Palette {
  primary: string;
  primaryDark: string;
  accent: string;
  /** A pale wash of the primary for panels and image placeholders. */
  tint: string;
  /** The page background of the mocked site. */
  surface: string;
}

export const palettes: readonly Palette[] = [
  { primary: '#8a1c3b', primaryDark: '#5c1027', accent: '#e0a526', tint: '#fbeef2', surface: '#fffdf9' },
  { primary: '#2f7d4f', primaryDark: '#1d5434', accent: '#f2b544', tint: '#eaf6ee', surface: '#ffffff' },
  { primary: '#1f3a6e', primaryDark: '#132548', accent: '#d4af37', tint: '#e9eef8', surface: '#ffffff' },
  { primary: '#c2410c', primaryDark: '#9a3412', accent: '#facc15', tint: '#fff1e8', surface: '#fffaf5' },
  { primary: '#0e7490', primaryDark: '#155e75', accent: '#fb7185', tint: '#e6f6f9', surface: '#ffffff' },
  { primary: '#6d28d9', primaryDark: '#4c1d95', accent: '#f472b6', tint: '#f3edff', surface: '#ffffff' },
  { primary: '#3f6212', primaryDark: '#2a430b', accent: '#ca8a04', tint: '#f1f6e6', surface: '#fcfdf7' },
  { primary: '#2563eb', primaryDark: '#1e40af', accent: '#f59e0b', tint: '#eaf1ff', surface: '#ffffff' },
  { primary: '#8b5a2b', primaryDark: '#5e3b1a', accent: '#e2b07a', tint: '#f7efe6', surface: '#fffcf8' },
  { primary: '#0f766e', primaryDark: '#115e59', accent: '#fbbf24', tint: '#e7f6f4', surface: '#ffffff' },
  { primary: '#be185d', primaryDark: '#9d174d', accent: '#f5c04a', tint: '#fdeef5', surface: '#fffafc' },
  { primary: '#334155', primaryDark: '#1e293b', accent: '#38bdf8', tint: '#eef2f6', surface: '#ffffff' },
  { primary: '#ea580c', primaryDark: '#c2410c', accent: '#0d9488', tint: '#fff4ea', surface: '#ffffff' },
  { primary: '#4338ca', primaryDark: '#312e81', accent: '#fb923c', tint: '#eef0ff', surface: '#ffffff' },
  { primary: '#0369a1', primaryDark: '#075985', accent: '#f97316', tint: '#e8f4fb', surface: '#ffffff' },
  { primary: '#5f7f6a', primaryDark: '#3f5a48', accent: '#e8a87c', tint: '#eef3ef', surface: '#fbfcfa' },
];

/** Neutral colours every mock-up shares (text, borders, browser chrome). */
export const neutral = {
  ink: '#1f2937',
  muted: '#9aa3b2',
  faint: '#d9dee6',
  line: '#e7eaf0',
  panel: '#f4f6f9',
  chrome: '#e9edf2',
  white: '#ffffff',
} as const;
