export { PeopleSearchButton } from './components/people-search-button';
