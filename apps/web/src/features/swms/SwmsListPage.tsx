import { swmsStarters, swmsStatuses } from '@app/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/Alert.tsx';
import { Button, textLinkClasses } from '../../components/ui/Button.tsx';
import { Field } from '../../components/ui/Field.tsx';
import { ListSearch } from '../../components/ui/ListSearch.tsx';
import { MadeByToggle } from '../../components/ui/MadeByToggle.tsx';
import { PagedList } from '../../components/ui/PagedList.tsx';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { loadedItems } from '../../lib/paged-lists.ts';
import { requestErrorMessage } from '../../lib/request-errors.ts';
import { useListFilters } from '../../lib/use-list-filters.ts';
import { isTeamList, makerLabel, useMadeByFilter } from '../../lib/use-made-by-filter.ts';
import { useCreateSwmsMutation } from './api/create-swms.ts';
import { useSwmsPages, useSwmsTemplates } from './api/get-swms-list.ts';
import { FormSection, SwmsFrame } from './components/SwmsFrame.tsx';
import { SwmsListItem } from './components/SwmsListItem.tsx';

/** /swms: the user's SWMS, newest first, and a way to start one. */
export default function SwmsListPage() {
  const auth = useAuth();
  if (auth.status !== 'signed-in') return null; // The route is guarded; this only narrows the type.
  return <SwmsList userId={auth.session.user.id} />;
}

function SwmsList({ userId }: { userId: string }) {
  const { filters, searchText, setSearchText, setStatus } = useListFilters(swmsStatuses);
  const { madeBy, setMadeBy } = useMadeByFilter(userId);
  const list = useSwmsPages(userId, { ...filters, made_by: madeBy });
  const team = isTeamList(loadedItems(list.data) ?? [], userId, madeBy);

  return (
    <SwmsFrame
      title="Safe Work Method Statements"
      actions={
        <Link to="/swms/cover-sheet" className={textLinkClasses}>
          Cover sheets
        </Link>
      }
    >
      <NewSwms userId={userId} />
      <FormSection title="Your SWMS">
        <ListSearch
          label="Search SWMS"
          hint="By title, location or number."
          searchText={searchText}
          onSearchText={setSearchText}
          status={filters.status}
          statuses={[
            { value: 'draft', label: 'Drafts' },
            { value: 'ready', label: 'Ready' },
            { value: 'signed', label: 'Signed' },
          ]}
          onStatus={setStatus}
        />
        {team ? <MadeByToggle value={madeBy} onChange={setMadeBy} /> : null}
        <PagedList
          list={list}
          what="SWMS"
          empty={
            <p>
              {filters.q || filters.status || madeBy
                ? 'No SWMS match. Try other words, or choose All.'
                : 'No SWMS yet.'}
            </p>
          }
        >
          {(items) =>
            items.map((item) => (
              <SwmsListItem key={item.id} swms={item} maker={team ? makerLabel(item.made_by, userId) : null} />
            ))
          }
        </PagedList>
      </FormSection>
    </SwmsFrame>
  );
}

/** Start from blank, from a built-in starter, or from one of the user's templates. */
function NewSwms({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const templates = useSwmsTemplates(userId);
  const [source, setSource] = useState('starter:waterproofing');
  const create = useCreateSwmsMutation(userId, (swms) => navigate(`/swms/${swms.id}`));
  const start = () => {
    const [kind, value] = source.split(':');
    create.mutate(
      kind === 'template'
        ? { template_id: value }
        : kind === 'starter' && value === 'waterproofing'
          ? { starter: value }
          : {},
    );
  };
  return (
    <FormSection title="New SWMS">
      <Field label="Start from">
        {(control) => (
          <select {...control} value={source} onChange={(event) => setSource(event.target.value)}>
            <option value="blank">A blank SWMS</option>
            <optgroup label="Starters">
              {Object.entries(swmsStarters).map(([key, label]) => (
                <option key={key} value={`starter:${key}`}>
                  Starter: {label}
                </option>
              ))}
            </optgroup>
            {templates.data && templates.data.templates.length > 0 ? (
              <optgroup label={templates.data.more ? 'Your newest templates' : 'Your templates'}>
                {templates.data.templates.map((template) => (
                  <option key={template.id} value={`template:${template.id}`}>
                    {template.title || template.number}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      </Field>
      {create.isError ? (
        <Alert tone="error">The SWMS was not created. {requestErrorMessage(create.error)}</Alert>
      ) : null}
      <Button className="self-start" onClick={start} disabled={create.isPending}>
        {create.isPending ? 'Creating...' : 'Create SWMS'}
      </Button>
    </FormSection>
  );
}
