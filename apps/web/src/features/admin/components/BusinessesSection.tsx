import type { AdminBusiness } from '@app/contract';
import { QueryView } from '../../../components/ui/QueryView.tsx';
import { shortDate } from '../admin-dates.ts';
import { useBusinesses } from '../api/list-businesses.ts';
import { Pager, useCursorPages } from './Pager.tsx';

/** Businesses, newest first, with their owner, how many people are in each, and the plan (ADR 0077). */
export function BusinessesSection({ adminId }: { adminId: string }) {
  const pages = useCursorPages();
  const businesses = useBusinesses(adminId, pages.cursor);
  return (
    <section aria-labelledby="admin-businesses" className="flex flex-col gap-4">
      <h2 id="admin-businesses" className="text-xl font-semibold">
        Businesses
      </h2>
      <QueryView query={businesses} what="the businesses">
        {(view) => (
          <>
            {view.businesses.length === 0 ? <p>No businesses yet.</p> : null}
            <ul className="flex flex-col gap-3">
              {view.businesses.map((business) => (
                <BusinessCard key={business.id} business={business} />
              ))}
            </ul>
            <Pager what="Businesses" pages={pages} nextCursor={view.next_cursor} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function BusinessCard({ business }: { business: AdminBusiness }) {
  return (
    <li className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <p className="font-semibold break-words">{business.name ?? 'No name set'}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">Owner</dt>
        <dd className="break-all">{business.owner_email ?? 'None'}</dd>
        <dt className="font-medium">Members</dt>
        <dd>{business.member_count}</dd>
        <dt className="font-medium">Plan</dt>
        <dd>{business.tier === 'premium' ? 'Premium' : 'Free'}</dd>
        <dt className="font-medium">Created</dt>
        <dd>{shortDate(business.created_at)}</dd>
      </dl>
    </li>
  );
}
