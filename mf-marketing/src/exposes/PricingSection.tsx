export { PricingSection as default } from '../sections/PricingSection.tsx';
