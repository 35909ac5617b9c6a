export { PortfolioSection as default } from '../sections/PortfolioSection.tsx';
