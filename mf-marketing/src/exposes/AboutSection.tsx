export { AboutSection as default } from '../sections/AboutSection.tsx';
