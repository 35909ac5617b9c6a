export { PortfolioPage as default } from '../pages/PortfolioPage.tsx';
