export { CallToActionBand as default } from '../sections/CallToActionBand.tsx';
