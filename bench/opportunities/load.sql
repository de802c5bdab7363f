-- Bulk-loads opportunities for bench/opportunities/run.sh: rows :from to :to of one tenant, each
-- with its consent session (the foreign key wants one) and one note, and the search_text that
-- OpportunityService would have written (reference, metadata value, note body, lower-cased).
-- created_at falls one second per row, so row 1 is the newest.
create temp table bench_rows as
select g, gen_random_uuid() as session_id, gen_random_uuid() as opportunity_id,
       now() - g * interval '1 second' as at,
       'crm-' || lpad(g::text, 7, '0') as reference,
       'branch-' || (g % 500) as branch,
       'Customer ' || (array['called', 'emailed', 'visited', 'asked', 'wrote'])[1 + g % 5] || ' about the '
           || (array['mortgage', 'car loan', 'credit card', 'savings plan'])[1 + g % 4] || ' on day ' || (g % 365) as note,
       case when g % 100 = 0 then 'approved' when g % 10 = 1 then 'in_review' when g % 10 in (2, 3) then 'withdrawn'
            when g % 10 in (4, 5) then 'closed' else 'consent_granted' end as stage
from generate_series(:from, :to) g;

insert into consent_sessions (id, partner_id, environment, client_id, product_id, product_version, opportunity_id,
                              external_reference, return_url, metadata, status, collection_method, expires_at,
                              created_at, updated_at)
select session_id, :'partner', 'sandbox', :'client', :'product', 1, opportunity_id, reference, 'https://p.example/',
       '{}', 'granted', 'session_page', at + interval '1 hour', at, at
from bench_rows;

insert into opportunities (id, partner_id, environment, product_id, session_id, external_reference, stage, metadata,
                           version, created_at, updated_at, search_text)
select opportunity_id, :'partner', 'sandbox', :'product', session_id, reference, stage,
       '{"branch":"' || branch || '"}', 3, at, at, lower(reference || E'\n' || branch || E'\n' || note)
from bench_rows;

insert into opportunity_notes (id, opportunity_id, body, author, created_at)
select gen_random_uuid(), opportunity_id, note, 'bench', at from bench_rows;

drop table bench_rows;
