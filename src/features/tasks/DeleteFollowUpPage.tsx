// Replaced by the feature's page (work in progress).
export { default } from '../../app/routing/TitleOnlyPage';
