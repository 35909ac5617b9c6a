import {
  itDeclaresEachExposeOnce,
  itNeedsCodeAsRouted,
  itRendersEachExpose,
} from 'build-config/testing/exposes';
import { describe, vi } from 'vitest';
import { exposes } from './exposes.ts';

// The bundler resolves screenshot URLs (import.meta.webpackContext); vitest has no such thing.
vi.mock('./model/project-images.ts', () => ({ projectImageUrl: (file: string) => `/static/svg/${file}` }));

describe('mf_portfolio exposes', () => {
  itDeclaresEachExposeOnce(exposes, import.meta.dirname);
  itRendersEachExpose(exposes);
  itNeedsCodeAsRouted('mf_portfolio', exposes);
});
