-- Notes and tasks on opportunities (D11, D18). Neither changes the opportunity's version.
create table opportunity_notes (
    id             uuid primary key,
    opportunity_id uuid not null references opportunities (id),
    body           varchar(10000) not null,
    author         varchar(320) not null,
    created_at     timestamp with time zone not null
);
create index opportunity_notes_opportunity on opportunity_notes (opportunity_id, created_at desc, id desc);

create table opportunity_tasks (
    id             uuid primary key,
    opportunity_id uuid not null references opportunities (id),
    title          varchar(500) not null,
    due_at         timestamp with time zone,
    assignee       varchar(200),
    status         varchar(10) not null check (status in ('open', 'done')),
    created_at     timestamp with time zone not null,
    completed_at   timestamp with time zone
);
create index opportunity_tasks_opportunity on opportunity_tasks (opportunity_id, created_at desc, id desc);
