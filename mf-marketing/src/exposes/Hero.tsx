export { Hero as default } from '../sections/Hero.tsx';
