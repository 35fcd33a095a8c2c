import { PersonRow } from '../../../components/account-row';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { usePeopleSearch } from '../../../lib/people-search';
import { entityId } from '../../../lib/types';
import { trExplore } from '../../../locales/tr-explore';

/**
 * The people matching an explore search (GET /api/users/search), above the matching posts:
 * username or display-name prefix, Turkish case rules, each with a follow button.
 */
export function PeopleResults({ query }: { query: string }) {
  const people = usePeopleSearch(query);
  let body;
  if (people.isPending) {
    body = (
      <div className="explore__people-state">
        <Spinner size="sm" label={trExplore.peopleLoading} />
      </div>
    );
  } else if (people.isError) {
    body = (
      <div className="explore__people-state" role="alert">
        <span>{trExplore.peopleFailed}</span>
        <Button variant="secondary" size="sm" onClick={() => void people.refetch()}>
          {trExplore.peopleRetry}
        </Button>
      </div>
    );
  } else if (people.data.length === 0) {
    body = <p className="explore__people-state">{trExplore.peopleEmpty(query)}</p>;
  } else {
    body = (
      <ul className="account-list" aria-labelledby="explore-people-title">
        {people.data.map((user) => (
          <PersonRow key={entityId(user)} user={user} showBio />
        ))}
      </ul>
    );
  }
  return (
    <section className="explore__section" aria-labelledby="explore-people-title" data-testid="people-results">
      <h2 className="explore__section-title" id="explore-people-title">
        {trExplore.peopleTitle}
      </h2>
      {body}
    </section>
  );
}
