export { ClientCarousel as default } from '../sections/ClientCarousel.tsx';
