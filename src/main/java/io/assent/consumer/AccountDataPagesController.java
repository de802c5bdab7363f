package io.assent.consumer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

import io.assent.identity.UserAccount;
import io.assent.platform.error.ApiException;
import io.assent.platform.error.ErrorBody.FieldProblem;
import io.assent.platform.pagination.PageRequest;
import io.assent.web.PageSession;

/**
 * The consumer portal's pages for contacts, addresses and documents (D19): add, make primary,
 * remove, upload, download and delete, through the same services as the API, with the services'
 * messages shown next to the fields.
 */
@Controller
public class AccountDataPagesController {

    private static final String ROOT = AccountPagesController.ROOT;

    private final PageSession pageSession;
    private final ContactService contacts;
    private final AddressService addresses;
    private final DocumentService documents;

    public AccountDataPagesController(PageSession pageSession, ContactService contacts, AddressService addresses,
                                      DocumentService documents) {
        this.pageSession = pageSession;
        this.contacts = contacts;
        this.addresses = addresses;
        this.documents = documents;
    }

    @GetMapping(ROOT + "/contacts")
    public String contacts(HttpServletRequest request, HttpServletResponse response, Model model) {
        return as(request, response, user -> contactsPage(model, user, Map.of(), Map.of()));
    }

    @PostMapping(ROOT + "/contacts")
    public String addContact(@RequestParam Map<String, String> form, HttpServletRequest request,
                             HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            try {
                contacts.add(user, new NewContact(form.get("kind"), strip(form.get("value")), blankAsNull(form.get("label")),
                        form.containsKey("is_primary")));
                return "redirect:" + ROOT + "/contacts";
            } catch (ApiException refused) {
                response.setStatus(refused.status().value());
                return contactsPage(model, user, form, errors(refused, "value"));
            }
        });
    }

    @GetMapping(ROOT + "/contacts/{id}/edit")
    public String editContact(@PathVariable String id, HttpServletRequest request, HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            Contact contact = ownContact(user, id);
            Map<String, String> form = new LinkedHashMap<>();
            form.put("value", contact.value());
            form.put("label", Optional.ofNullable(contact.label()).orElse(""));
            return contactEditPage(model, user, contact, form, Map.of());
        });
    }

    @PostMapping(ROOT + "/contacts/{id}")
    public String saveContact(@PathVariable String id, @RequestParam Map<String, String> form, HttpServletRequest request,
                              HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            Contact contact = ownContact(user, id);
            ContactPatch patch = new ContactPatch();
            patch.setValue(strip(form.get("value")));
            patch.setLabel(blankAsNull(form.get("label")));
            try {
                contacts.update(user, id, patch);
                return "redirect:" + ROOT + "/contacts";
            } catch (ApiException refused) {
                response.setStatus(refused.status().value());
                return contactEditPage(model, user, contact, form, errors(refused, "value"));
            }
        });
    }

    @PostMapping(ROOT + "/contacts/{id}/primary")
    public String primaryContact(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return as(request, response, user -> {
            ContactPatch patch = new ContactPatch();
            patch.setIsPrimary(true);
            contacts.update(user, id, patch);
            return "redirect:" + ROOT + "/contacts";
        });
    }

    @PostMapping(ROOT + "/contacts/{id}/remove")
    public String removeContact(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return as(request, response, user -> {
            contacts.remove(user, id);
            return "redirect:" + ROOT + "/contacts";
        });
    }

    @GetMapping(ROOT + "/addresses")
    public String addresses(HttpServletRequest request, HttpServletResponse response, Model model) {
        return as(request, response, user -> addressesPage(model, user, Map.of(), Map.of()));
    }

    @PostMapping(ROOT + "/addresses")
    public String addAddress(@RequestParam Map<String, String> form, HttpServletRequest request,
                             HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            try {
                addresses.add(user, new NewAddress(blankAsNull(form.get("label")), strip(form.get("line1")),
                        blankAsNull(form.get("line2")), strip(form.get("city")), blankAsNull(form.get("region")),
                        blankAsNull(form.get("postal_code")), strip(form.get("country")), form.containsKey("is_primary")));
                return "redirect:" + ROOT + "/addresses";
            } catch (ApiException refused) {
                response.setStatus(refused.status().value());
                return addressesPage(model, user, form, errors(refused, "line1"));
            }
        });
    }

    @GetMapping(ROOT + "/addresses/{id}/edit")
    public String editAddress(@PathVariable String id, HttpServletRequest request, HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            Address address = ownAddress(user, id);
            Map<String, String> form = new LinkedHashMap<>();
            form.put("label", address.label());
            form.put("line1", address.line1());
            form.put("line2", address.line2());
            form.put("city", address.city());
            form.put("region", address.region());
            form.put("postal_code", address.postalCode());
            form.put("country", address.country());
            form.replaceAll((field, value) -> Optional.ofNullable(value).orElse(""));
            return addressEditPage(model, user, address, form, Map.of());
        });
    }

    @PostMapping(ROOT + "/addresses/{id}")
    public String saveAddress(@PathVariable String id, @RequestParam Map<String, String> form, HttpServletRequest request,
                              HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            Address address = ownAddress(user, id);
            AddressPatch patch = new AddressPatch();
            patch.setLabel(blankAsNull(form.get("label")));
            patch.setLine1(strip(form.get("line1")));
            patch.setLine2(blankAsNull(form.get("line2")));
            patch.setCity(strip(form.get("city")));
            patch.setRegion(blankAsNull(form.get("region")));
            patch.setPostalCode(blankAsNull(form.get("postal_code")));
            patch.setCountry(strip(form.get("country")));
            try {
                addresses.update(user, id, patch);
                return "redirect:" + ROOT + "/addresses";
            } catch (ApiException refused) {
                response.setStatus(refused.status().value());
                return addressEditPage(model, user, address, form, errors(refused, "line1"));
            }
        });
    }

    @PostMapping(ROOT + "/addresses/{id}/primary")
    public String primaryAddress(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return as(request, response, user -> {
            AddressPatch patch = new AddressPatch();
            patch.setIsPrimary(true);
            addresses.update(user, id, patch);
            return "redirect:" + ROOT + "/addresses";
        });
    }

    @PostMapping(ROOT + "/addresses/{id}/remove")
    public String removeAddress(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return as(request, response, user -> {
            addresses.remove(user, id);
            return "redirect:" + ROOT + "/addresses";
        });
    }

    @GetMapping(ROOT + "/documents")
    public String documents(HttpServletRequest request, HttpServletResponse response, Model model) {
        return as(request, response, user -> documentsPage(model, user, Map.of()));
    }

    @PostMapping(ROOT + "/documents")
    public String upload(@RequestParam(name = "file", required = false) MultipartFile file,
                         @RequestParam(name = "doc_type", required = false) String docType,
                         @RequestParam(name = "document_date", required = false) String documentDate,
                         @RequestParam(name = "expires_on", required = false) String expiresOn,
                         HttpServletRequest request, HttpServletResponse response, Model model) {
        return as(request, response, user -> {
            Optional<DocumentService.UploadedFile> uploaded = Optional.ofNullable(file).filter(f -> !f.isEmpty())
                    .map(part -> new DocumentService.UploadedFile(Optional.ofNullable(part.getOriginalFilename()),
                            part.getSize(), () -> bytes(part)));
            try {
                documents.upload(user, new DocumentService.Upload(uploaded, Optional.ofNullable(docType),
                        Optional.ofNullable(documentDate), Optional.ofNullable(expiresOn)));
                return "redirect:" + ROOT + "/documents";
            } catch (ApiException refused) {
                response.setStatus(refused.status().value());
                return documentsPage(model, user, errors(refused, "file"));
            }
        });
    }

    /** Sends the browser to a fresh signed link, so the page never holds one that may expire. */
    @GetMapping(ROOT + "/documents/{id}/download")
    public String download(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return as(request, response, user -> "redirect:" + documents.downloadLink(user, id).url());
    }

    @PostMapping(ROOT + "/documents/{id}/delete")
    public String delete(@PathVariable String id, HttpServletRequest request, HttpServletResponse response) {
        return as(request, response, user -> {
            documents.delete(user, id);
            return "redirect:" + ROOT + "/documents";
        });
    }

    private String as(HttpServletRequest request, HttpServletResponse response, Function<UserAccount, String> page) {
        return pageSession.currentUser(request, response).map(page).orElse("redirect:" + ROOT);
    }

    private String contactsPage(Model model, UserAccount user, Map<String, String> form, Map<String, String> errors) {
        model.addAttribute("contacts", contacts.list(user));
        return form(model, user, "account/contacts", form, errors);
    }

    private String addressesPage(Model model, UserAccount user, Map<String, String> form, Map<String, String> errors) {
        model.addAttribute("addresses", addresses.list(user));
        return form(model, user, "account/addresses", form, errors);
    }

    private Contact ownContact(UserAccount user, String id) {
        return contacts.list(user).stream().filter(c -> c.id().equals(id)).findFirst()
                .orElseThrow(ApiException::notFound);
    }

    private Address ownAddress(UserAccount user, String id) {
        return addresses.list(user).stream().filter(a -> a.id().equals(id)).findFirst()
                .orElseThrow(ApiException::notFound);
    }

    private String contactEditPage(Model model, UserAccount user, Contact contact, Map<String, String> form,
                                   Map<String, String> errors) {
        model.addAttribute("contact", contact);
        return form(model, user, "account/contact-edit", form, errors);
    }

    private String addressEditPage(Model model, UserAccount user, Address address, Map<String, String> form,
                                   Map<String, String> errors) {
        model.addAttribute("address", address);
        return form(model, user, "account/address-edit", form, errors);
    }

    /** A page with a form: what was entered and the service's message for each refused field. */
    private static String form(Model model, UserAccount user, String view, Map<String, String> form, Map<String, String> errors) {
        model.addAttribute("form", form);
        model.addAttribute("errors", errors);
        model.addAttribute("userEmail", user.email());
        return view;
    }

    private String documentsPage(Model model, UserAccount user, Map<String, String> errors) {
        model.addAttribute("documents", documents.list(user, PageRequest.of("100", null)).data());
        model.addAttribute("types", Arrays.stream(DocumentType.values()).map(DocumentType::wireName).toList());
        model.addAttribute("errors", errors);
        model.addAttribute("userEmail", user.email());
        return "account/documents";
    }

    /** The refusal's field messages; a refusal without fields (409, 413, 415) goes next to {@code field}. */
    private static Map<String, String> errors(ApiException refused, String field) {
        Map<String, String> errors = new LinkedHashMap<>();
        for (FieldProblem problem : refused.details()) {
            errors.put(problem.field(), problem.message());
        }
        if (errors.isEmpty()) {
            errors.put(field, refused.getMessage());
        }
        return errors;
    }

    private static String strip(String text) {
        return text == null ? null : text.strip();
    }

    private static String blankAsNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    private static byte[] bytes(MultipartFile file) {
        try {
            return file.getBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
