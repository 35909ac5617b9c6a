export { TestimonialsSection as default } from '../sections/TestimonialsSection.tsx';
