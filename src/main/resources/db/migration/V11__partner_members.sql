-- Staff membership of partners (D19): who may run a partner's portal. Kept by e-mail address, so
-- that a member can be added before their account exists; the owner of every partner is a member.
create table partner_members (
    partner_id uuid         not null references partners (id),
    email      varchar(320) not null,
    added_at   timestamp with time zone not null,
    primary key (partner_id, email)
);
create index partner_members_email on partner_members (email, added_at);

insert into partner_members (partner_id, email, added_at)
select id, lower(owner_email), created_at from partners;
