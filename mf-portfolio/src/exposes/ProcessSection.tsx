export { ProcessSection as default } from '../sections/ProcessSection.tsx';
