import {
  itDeclaresEachExposeOnce,
  itNeedsCodeAsRouted,
  itRendersEachExpose,
} from 'build-config/testing/exposes';
import { describe } from 'vitest';
import { exposes } from './exposes.ts';

describe('mf_contact exposes', () => {
  itDeclaresEachExposeOnce(exposes, import.meta.dirname);
  itRendersEachExpose(exposes);
  itNeedsCodeAsRouted('mf_contact', exposes);
});
