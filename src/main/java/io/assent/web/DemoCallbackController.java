package io.assent.web;

import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The redirect URI of the demo consumer app ({@code /demo/callback}): shows what the authorization
 * server sent back, so the code flow can be tried by hand and then finished with curl.
 */
@Controller
public class DemoCallbackController {

    @GetMapping("/demo/callback")
    public String callback(@RequestParam(required = false) String code, @RequestParam(required = false) String state,
                           @RequestParam(required = false) String error,
                           @RequestParam(name = "error_description", required = false) String description, Model model) {
        model.addAttribute("code", code);
        model.addAttribute("state", state);
        model.addAttribute("error", error);
        model.addAttribute("description", description);
        return "demo-callback";
    }
}
